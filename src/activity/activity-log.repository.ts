import type { Prisma } from '../generated/prisma/client';
import type { Actor } from './actor';

/** A value of a changed field as the log keeps it: money and other bigints as strings, dates as ISO. */
export type ActivityValue = string | number | boolean | null | ActivityValue[] | { [key: string]: ActivityValue };

/** One change: what, of which entity (and whose tenant), the fields before and after (null: it did not exist / no longer does). */
export interface ActivityChange {
  action: string;
  entityType: 'price' | 'markup' | 'limit' | 'budget' | 'plan' | 'tenant' | 'catalog_price';
  entityId: string;
  tenantId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /**
   * What the entry says about the state after the change without being a change itself (a price
   * below cost: `below_cost`, `cost_usd_per_unit`): added to `after` whenever the entry is written,
   * never compared, so a price lowered from one loss to another is still marked.
   */
  marks?: Record<string, unknown>;
}

/**
 * The activity log's writer: services call `record` with their transaction client in the write
 * path of a change, so a change is never unlogged and a failed change leaves no entry. Only changed
 * fields are kept (both sides of a field that changed; a creation or deletion keeps every field),
 * and an update that changed nothing writes nothing (entryFields).
 * It holds no connection of its own: the transaction is the caller's. PrismaActivityLog in the app,
 * an in-memory fake in domain tests.
 */
export abstract class ActivityLog {
  abstract record(tx: Prisma.TransactionClient, actor: Actor, change: ActivityChange): Promise<void>;
}

/**
 * The before and after an entry keeps: the fields that differ (every field on a creation or
 * deletion), with the marks after them; null when an update changed nothing (the same price set
 * again), which leaves no entry.
 */
export function entryFields(
  change: ActivityChange,
): { before: Record<string, ActivityValue> | null; after: Record<string, ActivityValue> | null } | null {
  const [before, after] = changedFields(change.before, change.after);
  if (before !== null && after !== null && Object.keys(after).length === 0) return null;
  return { before, after: after && change.marks ? { ...after, ...toJson(change.marks) } : after };
}

/** The fields that differ (every field on a creation or deletion), as JSON the log can keep. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): [Record<string, ActivityValue> | null, Record<string, ActivityValue> | null] {
  if (before === null || after === null) return [before && toJson(before), after && toJson(after)];
  const b = toJson(before);
  const a = toJson(after);
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const changedBefore: Record<string, ActivityValue> = {};
  const changedAfter: Record<string, ActivityValue> = {};
  for (const key of keys) {
    if (JSON.stringify(b[key] ?? null) === JSON.stringify(a[key] ?? null)) continue;
    changedBefore[key] = b[key] ?? null;
    changedAfter[key] = a[key] ?? null;
  }
  return [changedBefore, changedAfter];
}

function toJson(fields: Record<string, unknown>): Record<string, ActivityValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, jsonValue(value)]));
}

function jsonValue(value: unknown): ActivityValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === 'object') return toJson(value as Record<string, unknown>);
  return value as ActivityValue;
}
