import { NONE_ID } from '../../src/audit/audit-rollups';
import { byMeterOrder } from '../../src/audit/meter-lines';
import { decodeCursor } from '../../src/common/pagination/cursor';
import type { Db } from '../../src/jobs/job-queue';
import { feeOf, type PlanFeeLine } from '../../src/plans/plan-fees';
import {
  addSums,
  ZERO_SUMS,
  type StatementAdjustment,
  type StatementLine,
  type StatementSlugLine,
  type UsageSums,
} from '../../src/statements/statement';
import { addMonths, monthDay } from '../../src/statements/statement-month';
import {
  ClosedTenantStatement,
  StatementScope,
  StatementsRepository,
  StoredStatement,
  StoredStatementSummary,
} from '../../src/statements/statements.repository';
import type { MeterUsageRow, StatementLineRow, UsageRow } from './in-memory-db';
import { copy, InMemoryDb } from './in-memory-db';
import { uniqueViolation } from './prisma-errors';

type MeterSums = Omit<UsageSums, 'calls' | 'errors'>;

const SUMMED = ['calls', 'errors', 'quantity', 'wholesalePicoUsd', 'resalePicoUsd', 'customerPricePicoUsd'] as const;
const METER_SUMMED = ['quantity', 'wholesalePicoUsd', 'resalePicoUsd', 'customerPricePicoUsd'] as const;

function sumsOf(row: UsageSums): UsageSums {
  return Object.fromEntries(SUMMED.map((c) => [c, row[c]])) as unknown as UsageSums;
}

function meterSumsOf(row: MeterSums): MeterSums {
  return Object.fromEntries(METER_SUMMED.map((c) => [c, row[c]])) as unknown as MeterSums;
}

function addMeterSums(a: MeterSums, b: MeterSums): MeterSums {
  return Object.fromEntries(METER_SUMMED.map((c) => [c, a[c] + b[c]])) as unknown as MeterSums;
}

function subtract(a: UsageSums, b: UsageSums): UsageSums {
  return Object.fromEntries(SUMMED.map((c) => [c, a[c] - b[c]])) as unknown as UsageSums;
}

function isZero(sums: UsageSums): boolean {
  return SUMMED.every((c) => sums[c] === 0n);
}

/** Rows summed by a key, in the order the keys first appear. */
function grouped<R, S>(rows: readonly R[], keyOf: (row: R) => string, sumOf: (row: R) => S, add: (a: S, b: S) => S): Map<string, S> {
  const groups = new Map<string, S>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = groups.get(key);
    groups.set(key, seen === undefined ? sumOf(row) : add(seen, sumOf(row)));
  }
  return groups;
}

const key = (...parts: string[]) => parts.join('|');
const parts = (k: string) => k.split('|');

function inMonth(day: Date, month: Date): boolean {
  return day >= month && day < addMonths(month, 1);
}

/** Lines by slug (calls that named no endpoint last), then endpoint, as the real repository sorts them. */
function bySlug(a: StatementSlugLine, b: StatementSlugLine): number {
  if (a.slug !== b.slug) return a.slug === null ? 1 : b.slug === null ? -1 : a.slug < b.slug ? -1 : 1;
  return (a.endpointId ?? '') < (b.endpointId ?? '') ? -1 : (a.endpointId ?? '') > (b.endpointId ?? '') ? 1 : 0;
}

/**
 * StatementsRepository over the shared in-memory tables: the same closing and reconciliation as the
 * SQL (statements/prisma-statements.repository.ts), computed over the rollup rows (`usageDaily`,
 * `usageDailyByMeter`; the per-tenant rollup is their sum, as the audit writer keeps it). Closes and
 * reconciliations take turns, as the advisory lock makes them.
 */
export class InMemoryStatementsRepository extends StatementsRepository {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: InMemoryDb) {
    super();
  }

  /**
   * Adds usage to the daily rollups, as the audit writer's batch statement does for the records of a
   * day (`customerId`/`endpointId` null: none, the nil UUID). With `meters`, the meter rollup too.
   */
  recordUsage(
    usage: Partial<UsageSums> & { day: Date | string; tenantId: string; customerId?: string | null; endpointId?: string | null },
    meters: Array<Omit<MeterUsageRow, 'day' | 'tenantId' | 'customerId' | 'endpointId'>> = [],
  ): void {
    const row: UsageRow = {
      ...ZERO_SUMS,
      ...usage,
      day: new Date(usage.day),
      customerId: usage.customerId ?? NONE_ID,
      endpointId: usage.endpointId ?? NONE_ID,
    };
    this.db.tables.usageDaily.push(row);
    for (const meter of meters) {
      this.db.tables.usageDailyByMeter.push({
        ...meter,
        day: row.day,
        tenantId: row.tenantId,
        customerId: row.customerId,
        endpointId: row.endpointId,
      });
    }
  }

  locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const run = this.turn.then(() => this.db.transaction(work));
    this.turn = run.catch(() => undefined);
    return run;
  }

  async lastClosedMonth(_db?: Db): Promise<Date | null> {
    const months = this.db.tables.statementMonths.map((m) => m.month.getTime());
    return months.length > 0 ? new Date(Math.max(...months)) : null;
  }

  async firstUsageMonth(_db: Db): Promise<Date | null> {
    const { tables } = this.db;
    const days = [
      ...tables.usageDaily.filter((u) => tables.tenants.has(u.tenantId)).map((u) => u.day.getTime()),
      ...tables.planAssignments.filter((a) => a.planId !== null && a.monthlyFeePicoUsd > 0n).map((a) => a.effectiveFrom.getTime()),
    ];
    if (days.length === 0) return null;
    const first = new Date(Math.min(...days));
    return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
  }

  async recentClosedMonths(_db: Db, count: number): Promise<Date[]> {
    return this.db.tables.statementMonths
      .map((m) => new Date(m.month))
      .sort((a, b) => b.getTime() - a.getTime())
      .slice(0, count);
  }

  async closeMonth(_tx: Db, month: Date, closedAt: Date, fees: ReadonlyMap<string, readonly PlanFeeLine[]>): Promise<number> {
    const { tables } = this.db;
    if (tables.statementMonths.some((m) => m.month.getTime() === month.getTime())) throw uniqueViolation('statement_months_pkey');
    tables.statementMonths.push({ month: new Date(month), closedAt: new Date(closedAt), hasMeterLines: true });
    const scoped = this.scopedUsage(month, (tenantId) => tables.tenants.has(tenantId));
    const meterScoped = this.scopedMeterUsage(month);
    // Who gets a statement: every scope with usage, with adjustments to carry, and every tenant with a fee.
    const scopes = new Map<string, UsageSums>();
    for (const [k, sums] of scoped) {
      const [tenantId, scope] = parts(k);
      const s = key(tenantId, scope);
      scopes.set(s, addSums(scopes.get(s) ?? ZERO_SUMS, sums));
    }
    for (const a of tables.statementAdjustments.filter((a) => a.statementMonth.getTime() === month.getTime())) {
      const s = key(a.tenantId, a.customerId ?? NONE_ID);
      if (!scopes.has(s)) scopes.set(s, ZERO_SUMS);
    }
    const feeTotals = new Map(
      [...fees].filter(([tenantId]) => tables.tenants.has(tenantId)).map(([tenantId, lines]) => [tenantId, feeOf(lines)]),
    );
    for (const tenantId of feeTotals.keys()) if (!scopes.has(key(tenantId, NONE_ID))) scopes.set(key(tenantId, NONE_ID), ZERO_SUMS);
    const written = new Map<string, string>();
    for (const [s, sums] of scopes) {
      const [tenantId, scope] = parts(s);
      const id = this.db.id();
      written.set(s, id);
      tables.statements.push({
        id,
        tenantId,
        customerId: scope === NONE_ID ? null : scope,
        month: new Date(month),
        createdAt: new Date(closedAt),
        ...sums,
        planFeePicoUsd: scope === NONE_ID ? (feeTotals.get(tenantId) ?? 0n) : 0n,
      });
    }
    const lined = new Set<string>();
    for (const [k, sums] of scoped) {
      const [tenantId, scope, endpointId] = parts(k);
      const statementId = written.get(key(tenantId, scope))!;
      tables.statementLines.push({ statementId, endpointId, ...this.catalogOf(endpointId), ...sums });
      lined.add(key(statementId, endpointId));
    }
    for (const [k, sums] of meterScoped) {
      const [tenantId, scope, endpointId, meter] = parts(k);
      const statementId = written.get(key(tenantId, scope));
      if (!statementId || !lined.has(key(statementId, endpointId))) continue;
      tables.statementMeterLines.push({ statementId, endpointId, meter: meter as MeterUsageRow['meter'], ...sums });
    }
    for (const [tenantId, lines] of fees) {
      const statementId = written.get(key(tenantId, NONE_ID));
      if (!statementId) continue;
      lines.forEach((line, position) =>
        tables.statementFeeLines.push({
          statementId,
          position,
          planId: line.planId,
          planName: line.planName,
          monthlyFeePicoUsd: line.monthlyFeePicoUsd,
          heldFrom: new Date(line.from),
          heldUntil: new Date(line.until),
          feePicoUsd: line.feePicoUsd,
        }),
      );
    }
    return tables.statements.filter((s) => s.month.getTime() === month.getTime()).length;
  }

  async tenantStatementsOf(_tx: Db, month: Date): Promise<ClosedTenantStatement[]> {
    const { tables } = this.db;
    return tables.statements
      .filter((s) => s.month.getTime() === month.getTime() && s.customerId === null)
      .sort((a, b) => (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0))
      .map((s) => ({
        id: s.id,
        tenantId: s.tenantId,
        closedAt: new Date(s.createdAt),
        usage: sumsOf(s),
        adjustments: tables.statementAdjustments
          .filter((a) => a.statementMonth.getTime() === month.getTime() && a.tenantId === s.tenantId && a.customerId === null)
          .reduce<UsageSums>((sum, a) => addSums(sum, sumsOf(a)), ZERO_SUMS),
        planFeePicoUsd: s.planFeePicoUsd,
        customerStatements: tables.statements.filter(
          (c) => c.month.getTime() === month.getTime() && c.tenantId === s.tenantId && c.customerId !== null,
        ).length,
      }));
  }

  async tenantsOutOfBalance(_db: Db, month: Date): Promise<string[]> {
    const { tables } = this.db;
    const rolled = grouped(
      tables.usageDaily.filter((u) => inMonth(u.day, month) && tables.tenants.has(u.tenantId)),
      (u) => u.tenantId,
      sumsOf,
      addSums,
    );
    const accounted = grouped(
      [
        ...tables.statements.filter((s) => s.month.getTime() === month.getTime() && s.customerId === null),
        ...tables.statementAdjustments.filter((a) => a.correctsMonth.getTime() === month.getTime() && a.customerId === null),
      ],
      (r) => r.tenantId,
      sumsOf,
      addSums,
    );
    return [...new Set([...rolled.keys(), ...accounted.keys()])].filter(
      (tenantId) => !isZero(subtract(rolled.get(tenantId) ?? ZERO_SUMS, accounted.get(tenantId) ?? ZERO_SUMS)),
    );
  }

  async recordAdjustments(_tx: Db, corrects: Date, appearsOn: Date, tenantIds: string[], foundAt: Date): Promise<number> {
    const { tables } = this.db;
    const rolled = this.scopedUsage(corrects, (tenantId) => tenantIds.includes(tenantId));
    const accounted = new Map<string, UsageSums>();
    const account = (k: string, sums: UsageSums) => accounted.set(k, addSums(accounted.get(k) ?? ZERO_SUMS, sums));
    for (const s of tables.statements.filter((s) => s.month.getTime() === corrects.getTime() && tenantIds.includes(s.tenantId))) {
      for (const line of tables.statementLines.filter((l) => l.statementId === s.id)) {
        account(key(s.tenantId, s.customerId ?? NONE_ID, line.endpointId), sumsOf(line));
      }
    }
    for (const a of tables.statementAdjustments.filter(
      (a) => a.correctsMonth.getTime() === corrects.getTime() && tenantIds.includes(a.tenantId),
    )) {
      account(key(a.tenantId, a.customerId ?? NONE_ID, a.endpointId), sumsOf(a));
    }
    let rows = 0;
    for (const k of new Set([...rolled.keys(), ...accounted.keys()])) {
      const difference = subtract(rolled.get(k) ?? ZERO_SUMS, accounted.get(k) ?? ZERO_SUMS);
      if (isZero(difference)) continue;
      const [tenantId, scope, endpointId] = parts(k);
      tables.statementAdjustments.push({
        id: this.db.id(),
        tenantId,
        customerId: scope === NONE_ID ? null : scope,
        correctsMonth: new Date(corrects),
        statementMonth: new Date(appearsOn),
        createdAt: new Date(foundAt),
        endpointId,
        ...this.catalogOf(endpointId),
        ...difference,
      });
      rows += 1;
    }
    return rows;
  }

  async findStatement(scope: StatementScope, month: Date): Promise<StoredStatement | null> {
    const { tables } = this.db;
    const statement = tables.statements.find(
      (s) => s.tenantId === scope.tenantId && s.customerId === scope.customerId && s.month.getTime() === month.getTime(),
    );
    if (!statement) return null;
    const kept = tables.statementMonths.find((m) => m.month.getTime() === month.getTime())!.hasMeterLines;
    return copy({
      id: statement.id,
      closedAt: statement.createdAt,
      lines: tables.statementLines
        .filter((l) => l.statementId === statement.id)
        .map((line) => ({
          ...slugLineOf(line),
          meters: kept
            ? tables.statementMeterLines
                .filter((m) => m.statementId === statement.id && m.endpointId === line.endpointId)
                .map((m) => ({ meter: m.meter, ...meterSumsOf(m) }))
                .sort(byMeterOrder)
            : null,
        }))
        .sort(bySlug),
      planFees: tables.statementFeeLines
        .filter((f) => f.statementId === statement.id)
        .sort((a, b) => a.position - b.position)
        .map((f) => ({
          planId: f.planId,
          planName: f.planName,
          monthlyFeePicoUsd: f.monthlyFeePicoUsd,
          from: f.heldFrom,
          until: f.heldUntil,
          feePicoUsd: f.feePicoUsd,
        })),
    });
  }

  async adjustmentsOn(scope: StatementScope, month: Date): Promise<StatementAdjustment[]> {
    const adjustments = this.db.tables.statementAdjustments
      .filter((a) => a.tenantId === scope.tenantId && a.customerId === scope.customerId && a.statementMonth.getTime() === month.getTime())
      .map((a) => ({ ...slugLineOf(a), correctsMonth: a.correctsMonth, foundAt: a.createdAt }));
    return copy(
      adjustments.sort(
        (a, b) => a.correctsMonth.getTime() - b.correctsMonth.getTime() || a.foundAt.getTime() - b.foundAt.getTime() || bySlug(a, b),
      ),
    );
  }

  async openMonthSums(scope: StatementScope, lastClosed: Date | null): Promise<Map<string, { usage: UsageSums; adjustments: UsageSums }>> {
    const { tables } = this.db;
    const from = lastClosed === null ? null : addMonths(lastClosed, 1);
    const usage = grouped(
      tables.usageDaily.filter(
        (u) =>
          u.tenantId === scope.tenantId && (scope.customerId === null || u.customerId === scope.customerId) && (!from || u.day >= from),
      ),
      (u) => monthDay(new Date(Date.UTC(u.day.getUTCFullYear(), u.day.getUTCMonth(), 1))),
      sumsOf,
      addSums,
    );
    const adjustments = grouped(
      tables.statementAdjustments.filter(
        (a) => a.tenantId === scope.tenantId && a.customerId === scope.customerId && (lastClosed === null || a.statementMonth > lastClosed),
      ),
      (a) => monthDay(a.statementMonth),
      sumsOf,
      addSums,
    );
    const months = new Map<string, { usage: UsageSums; adjustments: UsageSums }>();
    for (const month of new Set([...usage.keys(), ...adjustments.keys()])) {
      months.set(month, { usage: usage.get(month) ?? ZERO_SUMS, adjustments: adjustments.get(month) ?? ZERO_SUMS });
    }
    return months;
  }

  async liveLines(scope: StatementScope, month: Date): Promise<StatementLine[]> {
    const { tables } = this.db;
    const ofScope = (u: { tenantId: string; customerId: string; day: Date }) =>
      u.tenantId === scope.tenantId && (scope.customerId === null || u.customerId === scope.customerId) && inMonth(u.day, month);
    const lines = grouped(tables.usageDaily.filter(ofScope), (u) => u.endpointId, sumsOf, addSums);
    const meters = grouped(tables.usageDailyByMeter.filter(ofScope), (m) => key(m.endpointId, m.meter), meterSumsOf, addMeterSums);
    return [...lines]
      .map(([endpointId, sums]) => ({
        ...slugLineOf({ endpointId, ...this.catalogOf(endpointId), ...sums }),
        meters: [...meters]
          .filter(([k]) => parts(k)[0] === endpointId)
          .map(([k, m]) => ({ meter: parts(k)[1] as MeterUsageRow['meter'], ...m }))
          .sort(byMeterOrder),
      }))
      .sort(bySlug);
  }

  async list(scope: StatementScope, take: number, cursor: string | undefined): Promise<StoredStatementSummary[]> {
    const after = cursor === undefined ? null : decodeCursor(cursor);
    return copy(
      this.db.tables.statements
        .filter(
          (s) =>
            s.tenantId === scope.tenantId &&
            s.customerId === scope.customerId &&
            (!after || s.month < after.createdAt || (s.month.getTime() === after.createdAt.getTime() && s.id < after.id)),
        )
        .sort((a, b) => b.month.getTime() - a.month.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .slice(0, take)
        .map((s) => ({
          id: s.id,
          tenantId: s.tenantId,
          customerId: s.customerId,
          month: s.month,
          closedAt: s.createdAt,
          usage: sumsOf(s),
          planFeePicoUsd: s.planFeePicoUsd,
        })),
    );
  }

  async adjustmentSums(scope: StatementScope, months: Date[]): Promise<Map<string, UsageSums>> {
    const wanted = new Set(months.map((m) => m.getTime()));
    return grouped(
      this.db.tables.statementAdjustments.filter(
        (a) => a.tenantId === scope.tenantId && a.customerId === scope.customerId && wanted.has(a.statementMonth.getTime()),
      ),
      (a) => monthDay(a.statementMonth),
      sumsOf,
      addSums,
    );
  }

  /**
   * A month's usage per tenant (`tenantFilter`), scope and endpoint: every tenant's (scope: the nil
   * UUID) and each of its customers' (a customer that exists, deleted or not), by `tenant|scope|endpoint`.
   */
  private scopedUsage(month: Date, tenantFilter: (tenantId: string) => boolean): Map<string, UsageSums> {
    const { tables } = this.db;
    const usage = tables.usageDaily.filter((u) => inMonth(u.day, month) && tenantFilter(u.tenantId));
    const scoped = grouped(usage, (u) => key(u.tenantId, NONE_ID, u.endpointId), sumsOf, addSums);
    const ofCustomers = usage.filter((u) => tables.customers.get(u.customerId)?.tenantId === u.tenantId);
    for (const [k, sums] of grouped(ofCustomers, (u) => key(u.tenantId, u.customerId, u.endpointId), sumsOf, addSums)) scoped.set(k, sums);
    return scoped;
  }

  /** The same of the meter rollup, by `tenant|scope|endpoint|meter` (tenants that exist). */
  private scopedMeterUsage(month: Date): Map<string, MeterSums> {
    const { tables } = this.db;
    const usage = tables.usageDailyByMeter.filter((m) => inMonth(m.day, month) && tables.tenants.has(m.tenantId));
    const scoped = grouped(usage, (m) => key(m.tenantId, NONE_ID, m.endpointId, m.meter), meterSumsOf, addMeterSums);
    const ofCustomers = usage.filter((m) => tables.customers.get(m.customerId)?.tenantId === m.tenantId);
    for (const [k, sums] of grouped(ofCustomers, (m) => key(m.tenantId, m.customerId, m.endpointId, m.meter), meterSumsOf, addMeterSums)) {
      scoped.set(k, sums);
    }
    return scoped;
  }

  /** The catalog's slug, category and unit of an endpoint now (null: none, or not in the catalog). */
  private catalogOf(endpointId: string): Pick<StatementLineRow, 'slug' | 'category' | 'billingUnit'> {
    const endpoint = this.db.tables.catalogEndpoints.get(endpointId);
    return { slug: endpoint?.slug ?? null, category: endpoint?.category ?? null, billingUnit: endpoint?.billingUnit ?? null };
  }
}

/** A stored line as the domain reads it: no endpoint (the nil UUID) is null. */
function slugLineOf(row: Pick<StatementLineRow, 'endpointId' | 'slug' | 'category' | 'billingUnit'> & UsageSums): StatementSlugLine {
  return {
    endpointId: row.endpointId === NONE_ID ? null : row.endpointId,
    slug: row.slug,
    category: row.category,
    billingUnit: row.billingUnit,
    ...sumsOf(row),
  };
}
