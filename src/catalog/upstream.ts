import type { Upstream } from '../generated/prisma/client';
import { readUsageMapping, type UsageMapping } from './usage-mapping';

/**
 * An upstream of a catalog endpoint: every field is the Prisma model's (prisma/schema.prisma says
 * what each means), so a new upstream setting is declared once, in the schema.
 */

/**
 * What the operator (or the seed, or a test) defines: an upstream but its identity and its place in
 * the fallback order. The usage mapping is typed (validated), where the row holds JSON.
 */
export type UpstreamDefinition = Omit<Upstream, 'id' | 'endpointId' | 'position' | 'usageMapping'> & { usageMapping: UsageMapping | null };

/** An enabled upstream as the proxy sees it (secrets resolved from the environment at call time). */
export type UpstreamTarget = Omit<Upstream, 'endpointId' | 'position' | 'enabled' | 'usageMapping'> & { usageMapping: UsageMapping | null };

/** The settings an upstream has unless its definition says otherwise. */
export const UPSTREAM_DEFAULTS: Omit<UpstreamDefinition, 'name' | 'kind'> = {
  baseUrl: null,
  path: '',
  timeoutMs: 30_000,
  authHeader: null,
  authScheme: null,
  authSecretEnv: null,
  maxResponseBytes: null,
  deadlineMs: null,
  model: null,
  servesModel: null,
  usageMapping: null,
  enabled: true,
};

/** A whole definition from its name, kind and whatever else differs from the defaults (undefined = the default). */
export function defineUpstream(fields: Pick<UpstreamDefinition, 'name' | 'kind'> & Partial<UpstreamDefinition>): UpstreamDefinition {
  const definition: Record<string, unknown> = { ...UPSTREAM_DEFAULTS };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) definition[field] = value;
  return definition as UpstreamDefinition;
}

/**
 * The stored row as a call target (the row's list position and enabled flag are the catalog's
 * business). The usage mapping is read once here, when the catalog loads, not on every call; a row
 * whose mapping does not validate (written around the operator API) is served as without one.
 */
export function toUpstreamTarget({
  endpointId: _endpoint,
  position: _position,
  enabled: _enabled,
  usageMapping,
  ...target
}: Upstream): UpstreamTarget {
  return { ...target, usageMapping: usageMapping === null ? null : (readUsageMapping(usageMapping).mapping ?? null) };
}
