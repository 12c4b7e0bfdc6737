import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { Caller } from '../keys/caller';
import { rateLimitSubject } from '../common/http/client-ip';
import type { RateLimitDecision } from './rate-limit-decision';
import { retryAfter } from './redis-rate-limit.store';
import { BucketState, BudgetCheck, BudgetOutcome, LimitBucket, RATE_LIMIT_STORE, RateLimitStore } from './rate-limit.types';

/** The names of a call's limits, as RateLimit-Policy and the metrics give them. */
export type CallLimitName = 'endpoint' | 'key' | 'customer_endpoint' | 'customer' | 'tenant';

/** One request limit of a call: its name and its bucket. */
export interface CallLimit {
  name: CallLimitName;
  bucket: LimitBucket;
}

/** A call's limits with their current state (nothing charged) and the index of the binding one. */
export interface PeekedLimits {
  limits: readonly CallLimit[];
  states: BucketState[];
  binding: number;
}

/** Where the per-key-per-slug limit of a call comes from. */
export type EndpointLimitSource = 'key_override' | 'endpoint_override' | 'catalog_default' | 'key_per_slug';

/**
 * The per-key-per-slug limit and what set it: the operator's (key override, endpoint override or
 * catalog default) and the tenant's per-slug limit on the key, which only counts when lower.
 */
export function endpointLimitOrigin(
  caller: Caller,
  endpoint: CatalogEntry,
): {
  limit: number;
  source: EndpointLimitSource;
  operators: number;
  operatorsSource: Exclude<EndpointLimitSource, 'key_per_slug'>;
  tenants: number | null;
} {
  const operatorsSource =
    caller.keyRateLimit !== null ? 'key_override' : endpoint.endpointRateLimit !== null ? 'endpoint_override' : 'catalog_default';
  const operators = caller.keyRateLimit ?? endpoint.endpointRateLimit ?? endpoint.defaultRateLimit;
  const tenants = caller.limits?.keyBySlug.get(endpoint.slug) ?? null;
  return tenants !== null && tenants < operators
    ? { limit: tenants, source: 'key_per_slug', operators, operatorsSource, tenants }
    : { limit: operators, source: operatorsSource, operators, operatorsSource, tenants };
}

/** A caller's limits on one endpoint, and the names and buckets the check passes on, in the same order. */
interface CallLimitPlan {
  readonly limits: readonly CallLimit[];
  readonly names: readonly CallLimitName[];
  readonly buckets: readonly LimitBucket[];
  /** The RateLimit-Policy header of every call of the pair: the limits and their window. */
  readonly policy: string;
}

export interface CheckedDecision extends RateLimitDecision {
  allowed: boolean;
  retryAfterMs: number;
  /** The budgets' verdict, when the call had any and every limit had room; else `ok`. */
  budget: BudgetOutcome;
}

/**
 * Which limits apply to a call, one atomic check of all of them, and the headers that report it.
 * All buckets of one caller share the `{t:<tenant>}` hash tag so one Redis Cluster node holds them:
 * the tenant, not the key, because one call's script also checks the tenant-wide bucket and the
 * budgets (budget-state-key.ts), which every key of the tenant shares; different tenants hash to
 * different slots, so the tenants spread over the masters (docs/operate/scaling.md#redis-cluster).
 */
@Injectable()
export class RateLimitService {
  readonly windowMs: number;
  /** Each caller's limits, by endpoint (planOf): they go with the caller and the catalog entry they were built from. */
  private readonly plans = new WeakMap<Caller, WeakMap<CatalogEntry, CallLimitPlan>>();

  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  /**
   * The effective per-key-per-slug limit: the operator's override on the key, else the operator's
   * per-endpoint limit, else the catalog default; and below it, if lower, the limit the tenant set
   * on the key for this slug (a tenant can only lower the operator's limit, never raise it).
   */
  static endpointLimit(caller: Caller, endpoint: CatalogEntry): number {
    return endpointLimitOrigin(caller, endpoint).limit;
  }

  /**
   * Every request limit of a call, named, in the order they are checked: the one list both the
   * gateway's check and the effective-limits report read, so the two cannot disagree. Built once
   * per caller and endpoint and frozen: both objects are replaced, never changed, when what they
   * hold changes (a key's limits, the catalog), so a list kept with the pair is never stale.
   */
  callLimits(caller: Caller, endpoint: CatalogEntry): readonly CallLimit[] {
    return this.planOf(caller, endpoint).limits;
  }

  /** Charges one call against every limit of this caller and endpoint, or none if any is full. */
  async checkCall(caller: Caller, endpoint: CatalogEntry, budgets?: BudgetCheck): Promise<CheckedDecision> {
    const plan = this.planOf(caller, endpoint);
    return this.consume(plan.names, plan.buckets, budgets, plan.policy);
  }

  /**
   * The caller's limits on the endpoint, with the lists the check passes on: kept with the pair
   * (a call's limits were a dozen objects and five keys built on every call), and frozen, so that
   * the store may keep its encoding of the buckets with them (RateLimitStore).
   */
  private planOf(caller: Caller, endpoint: CatalogEntry): CallLimitPlan {
    let byEndpoint = this.plans.get(caller);
    if (!byEndpoint) {
      byEndpoint = new WeakMap();
      this.plans.set(caller, byEndpoint);
    }
    let plan = byEndpoint.get(endpoint);
    if (!plan) {
      const limits = this.buildCallLimits(caller, endpoint);
      for (const limit of limits) Object.freeze(Object.freeze(limit).bucket);
      const names = Object.freeze(limits.map((l) => l.name));
      const policy = rateLimitPolicy(
        names,
        limits.map((l) => l.bucket.limit),
        this.config.RATE_LIMIT_WINDOW_SECONDS,
      );
      plan = { limits: Object.freeze(limits), names, buckets: Object.freeze(limits.map((l) => l.bucket)), policy };
      byEndpoint.set(endpoint, plan);
    }
    return plan;
  }

  private buildCallLimits(caller: Caller, endpoint: CatalogEntry): CallLimit[] {
    const tag = `{t:${caller.tenantId}}`;
    const limits: CallLimit[] = [
      {
        name: 'endpoint',
        bucket: {
          key: `${tag}:k:${caller.keyId}:s:${endpoint.slug}`,
          limit: RateLimitService.endpointLimit(caller, endpoint),
          windowMs: this.windowMs,
        },
      },
    ];
    const own = caller.limits;
    // The tenant's own limits on the key and its customer: buckets only where one is set, so a key
    // without any (most) pays nothing for them. All share the tenant's hash tag (one Cluster slot).
    if (own) {
      const add = (name: CallLimitName, key: string, limit: number | null | undefined) => {
        if (limit === null || limit === undefined) return;
        limits.push({ name, bucket: { key: `${tag}:${key}`, limit, windowMs: this.windowMs } });
      };
      add('key', `k:${caller.keyId}`, own.keyAll);
      if (caller.customerId !== null) {
        add('customer_endpoint', `c:${caller.customerId}:s:${endpoint.slug}`, own.customerBySlug.get(endpoint.slug));
        add('customer', `c:${caller.customerId}`, own.customerAll);
      }
    }
    if (caller.tenantRateLimit !== null) {
      limits.push({ name: 'tenant', bucket: { key: `${tag}:tenant`, limit: caller.tenantRateLimit, windowMs: this.windowMs } });
    }
    return limits;
  }

  /**
   * The limits of a call of this caller and endpoint as they stand, charging nothing, and which one
   * the next call's X-RateLimit-* headers would show (the same choice as for an admitted call).
   */
  async peekCall(caller: Caller, endpoint: CatalogEntry): Promise<PeekedLimits> {
    const limits = this.callLimits(caller, endpoint);
    let states: BucketState[];
    try {
      states = await this.store.peek(limits.map((l) => l.bucket));
    } catch {
      throw new GatewayError('service_unavailable', 'The rate-limit store is unavailable; retry shortly.');
    }
    return { limits, states, binding: shownBucket(states, true) };
  }

  /**
   * Calls that fail before a limit could be chosen (bad or missing key, unknown slug) are counted
   * per client IP, so guessing keys or slugs is throttled and even those answers carry limit headers.
   */
  checkInvalidRequest(clientIp: string): Promise<CheckedDecision> {
    return this.consume(['invalid'], [this.invalidRequestBucket(clientIp)]);
  }

  /**
   * The invalid-request budget of a client IP without charging it: asked before a key that is not
   * cached is looked up in Postgres, so a client that has spent it cannot make the gateway query
   * the database for more guesses. `allowed` is false when the budget is spent.
   */
  async peekInvalidRequest(clientIp: string): Promise<CheckedDecision> {
    let states: BucketState[];
    try {
      states = await this.store.peek([this.invalidRequestBucket(clientIp)]);
    } catch {
      throw new GatewayError('service_unavailable', 'The rate-limit store is unavailable; retry shortly.');
    }
    const allowed = states[0].remaining > 0;
    return this.decision(['invalid'], states, allowed, allowed ? 0 : retryAfter(states));
  }

  /** IPv6 callers share one bucket per /64 (see rateLimitSubject). */
  private invalidRequestBucket(clientIp: string): LimitBucket {
    return { key: `{ip:${rateLimitSubject(clientIp)}}:invalid`, limit: this.config.INVALID_REQUEST_RATE_LIMIT, windowMs: this.windowMs };
  }

  private async consume(
    names: readonly string[],
    buckets: readonly LimitBucket[],
    budgets?: BudgetCheck,
    policy?: string,
  ): Promise<CheckedDecision> {
    let result;
    try {
      result = await this.store.consume(buckets, budgets);
    } catch {
      // Fail closed: without the shared counter no limit can be enforced across processes.
      throw new GatewayError('service_unavailable', 'The rate-limit store is unavailable; retry shortly.');
    }
    return this.decision(names, result.buckets, result.allowed, result.retryAfterMs, result.budget, policy);
  }

  private decision(
    names: readonly string[],
    states: BucketState[],
    allowed: boolean,
    retryAfterMs: number,
    budget: BudgetOutcome = { kind: 'ok' },
    policy?: string,
  ): CheckedDecision {
    // A call refused by a budget had room in every bucket: the headers show the fullest, as for an admitted call.
    const refusedByBucket = !allowed && budget.kind === 'ok';
    return {
      names,
      windowSeconds: this.config.RATE_LIMIT_WINDOW_SECONDS,
      states,
      shown: shownBucket(states, !refusedByBucket),
      allowed,
      retryAfterMs,
      budget,
      policy,
    };
  }
}

/** The 429 of a refused decision, with Retry-After in whole seconds (at least 1). */
export function rateLimitedError(decision: CheckedDecision): GatewayError {
  return new GatewayError('rate_limited', undefined, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
  });
}

/** The bucket X-RateLimit-* describe: a full one when rejected, else the one with the least room. */
function shownBucket(states: BucketState[], allowed: boolean): number {
  let shown = 0;
  for (let i = 1; i < states.length; i++) {
    const better = allowed ? states[i].remaining < states[shown].remaining : states[shown].remaining > 0 && states[i].remaining === 0;
    if (better) shown = i;
  }
  return shown;
}

/**
 * Writes the limit headers: X-RateLimit-Limit / -Remaining / -Reset (ISO 8601 UTC, as the spec says)
 * and the IETF draft's RateLimit-Policy and RateLimit structured fields (one item per limit).
 */
export function setRateLimitHeaders(res: Response, decision: RateLimitDecision, now = Date.now()): void {
  const shown = decision.states[decision.shown];
  res.setHeader('X-RateLimit-Limit', String(shown.limit));
  res.setHeader('X-RateLimit-Remaining', String(shown.remaining));
  res.setHeader('X-RateLimit-Reset', new Date(shown.resetAtMs).toISOString());
  // One pass, no intermediate arrays: built on every call. The policy comes with a caller's
  // limits on an endpoint (RateLimitService.callLimits), built once for the pair.
  const { names, states, windowSeconds } = decision;
  let limits = '';
  for (let i = 0; i < states.length; i++) {
    const s = states[i];
    limits += `${i === 0 ? '"' : ', "'}${names[i]}";r=${s.remaining};t=${secondsUntil(s.resetAtMs, now)}`;
  }
  res.setHeader(
    'RateLimit-Policy',
    decision.policy ??
      rateLimitPolicy(
        names,
        states.map((s) => s.limit),
        windowSeconds,
      ),
  );
  res.setHeader('RateLimit', limits);
}

/** The RateLimit-Policy structured field: one item per limit, its quota and window. */
function rateLimitPolicy(names: readonly string[], quotas: readonly number[], windowSeconds: number): string {
  let policy = '';
  for (let i = 0; i < names.length; i++) policy += `${i === 0 ? '"' : ', "'}${names[i]}";q=${quotas[i]};w=${windowSeconds}`;
  return policy;
}

export function secondsUntil(epochMs: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((epochMs - now) / 1000));
}
