import type { Actor } from '../activity/actor';
import { ActivityLog } from '../activity/activity-log.repository';
import { Inject, Injectable } from '@nestjs/common';
import { BillingService } from '../billing/billing.service';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import { CatalogService } from '../catalog/catalog.service';
import { GatewayError } from '../common/errors/error-catalog';
import { picoUsdToDecimalString } from '../common/money/money';
import { Clock } from '../common/time/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';
import type { Caller, CallerBudget } from '../keys/caller';
import type { BudgetCheck, BudgetOutcome } from '../rate-limit/rate-limit.types';
import { RATE_LIMIT_STORE, RateLimitStore } from '../rate-limit/rate-limit.types';
import { budgetPeriodOf } from './budget-period';
import { budgetStateKey } from './budget-state-key';
import {
  AuditTrailBusyError,
  BudgetChangeHook,
  BudgetRow,
  BudgetsRepository,
  KeyReplacedError,
  SubjectPricing,
} from './budgets.repository';

/** The budgets a call is checked against, in the order of its BudgetCheck's buckets. */
export interface CallBudgets {
  check: BudgetCheck;
  budgets: readonly CallerBudget[];
  periodStarts: Date[];
}

/** A budget with the state of its current period. */
export interface BudgetStatus {
  budget: BudgetRow;
  periodStart: Date;
  /** Null for a lifetime budget. */
  resetsAt: Date | null;
  /** The ledger's spend of the period (the audit records that have landed). */
  spentPicoUsd: bigint;
  /** What calls in flight hold (each what it can cost, as its input tells); 0 when the store has no state. */
  heldPicoUsd: bigint;
  /** What one call of each enabled endpoint the subject may call holds on this budget, by slug. */
  callHolds: CallHold[];
}

/** The hold of one call of an endpoint, in the amount the budget counts (resale for a tenant's, customer price else). */
export interface CallHold {
  slug: string;
  /** A call whose input declares no count and sends no max_tokens (call-hold.ts). */
  holdPicoUsd: bigint;
  /** The most any call can hold: its usage at the slug's quantity cap, at its dearest price. */
  maxHoldPicoUsd: bigint;
}

/** One budget of a caller and its current period, as the store would judge the next call. */
export interface CallerBudgetState {
  budget: CallerBudget;
  periodStart: Date;
  /** Null for a lifetime budget. */
  resetsAt: Date | null;
  spentPicoUsd: bigint;
  heldPicoUsd: bigint;
  /** cap − spent − held: 0 or less refuses the next call. */
  roomPicoUsd: bigint;
}

export interface CallerBudgetStates {
  states: CallerBudgetState[];
  /** Index of the budget the gateway refuses on first. */
  binding: number;
}

/** A budget's period as a call holds on it: its start, its end (null: lifetime) and its state's key in the store. */
interface HeldPeriod {
  tenantId: string;
  start: Date;
  startMs: number;
  endMs: number | null;
  key: string;
}

/**
 * The period each budget's calls last held in, per budget object (the key cache's: it lives as long
 * as the caller is cached, and a changed budget is a new object). Every call of a budgeted caller
 * would otherwise work out the same period and key again (four Dates and a string per budget).
 */
const heldPeriods = new WeakMap<CallerBudget, HeldPeriod>();

/** The period of `budget` that `at` falls in, with its state's key: the last call's while `at` is in it. */
function currentPeriod(tenantId: string, budget: CallerBudget, at: Date): HeldPeriod {
  const atMs = at.getTime();
  const last = heldPeriods.get(budget);
  if (last && last.tenantId === tenantId && atMs >= last.startMs && (last.endMs === null || atMs < last.endMs)) return last;
  const { start, end } = budgetPeriodOf(budget.period, at);
  const period = {
    tenantId,
    start,
    startMs: start.getTime(),
    endMs: end?.getTime() ?? null,
    key: budgetStateKey(tenantId, budget.id, start),
  };
  heldPeriods.set(budget, period);
  return period;
}

const CHANGED_CONCURRENTLY = 'The budget was changed concurrently; retry.';

/**
 * A change that lost a race with another change of the same subject's budget: both read it, and
 * the other replaced or removed it first (what this one meant to update or delete is gone: P2025),
 * or created one first (the unique (subject, subject_id) refused this one's: P2002). A retry reads
 * the budget as it is now.
 */
function changedConcurrently(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'P2002' || code === 'P2025';
}

/** Retry-After of a budget change refused while the audit trail's writes are held up. */
const AUDIT_BUSY_RETRY_AFTER_S = 5;

/** 503 for a budget change that waited its BUDGET_CHANGE_LOCK_WAIT_MS for the audit trail's writes. */
function auditTrailBusy(what: 'changed' | 'removed', err: AuditTrailBusyError): GatewayError {
  return new GatewayError(
    'service_unavailable',
    `The budget was not ${what}: the audit trail is busy (a maintenance task holds its writes). Retry shortly.`,
    { waited_ms: err.waitedMs },
    { 'Retry-After': String(AUDIT_BUSY_RETRY_AFTER_S) },
  );
}

/** The first budget with no room (the store's order), else the one with the least room (the first of equals). */
export function bindingBudget(states: readonly Pick<CallerBudgetState, 'roomPicoUsd'>[]): number {
  const spent = states.findIndex((s) => s.roomPicoUsd <= 0n);
  if (spent >= 0) return spent;
  let binding = 0;
  for (let i = 1; i < states.length; i++) if (states[i].roomPicoUsd < states[binding].roomPicoUsd) binding = i;
  return binding;
}

/**
 * Spend caps on keys, customers and tenants. At the call: which budgets apply and what the call
 * holds on each (checked with its request limits in the one store round trip), restoring a
 * budget's state from the ledger when the store has none, and the 402 of a spent budget. Outside
 * it: setting, reading and removing budgets (each change applies on every gateway process at once,
 * through the key caches).
 */
@Injectable()
export class BudgetsService {
  private readonly restoring = new Map<string, Promise<void>>();

  constructor(
    private readonly repository: BudgetsRepository,
    private readonly billing: BillingService,
    private readonly catalog: CatalogService,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * The budgets of a call and its hold on each: the most this call can cost as its input tells
   * (BillingService.holdCharge; a tenant budget counts the resale figure, key and customer budgets
   * the customer price). Null when the caller has none, the common case, which then costs nothing
   * (the caller reads the input only for a caller with budgets). Periods are those of the call's
   * arrival, the timestamp of its audit record, so the hold and the ledger agree on the period.
   * `pricing`: the model the call named where its input does not say (the OpenAI door's).
   */
  forCall(
    caller: Caller,
    endpoint: CatalogEntry,
    input: Record<string, unknown>,
    requestId: string,
    receivedAt: Date,
    pricing: Pricing | null = null,
  ): CallBudgets | null {
    const { budgets } = caller;
    if (!budgets) return null;
    const max = this.billing.holdCharge(caller, endpoint, input, pricing ?? undefined);
    const periodStarts: Date[] = [];
    const buckets = budgets.map((b) => {
      const period = currentPeriod(caller.tenantId, b, receivedAt);
      periodStarts.push(period.start);
      return {
        key: period.key,
        capPicoUsd: b.capPicoUsd,
        holdPicoUsd: b.subject === 'tenant' ? max.resalePicoUsd : max.customerPicoUsd,
        periodEndMs: period.endMs,
      };
    });
    return { check: { buckets, hold: { id: requestId, ttlMs: this.config.BUDGET_HOLD_MAX_MS } }, budgets, periodStarts };
  }

  /**
   * Gives the store the ledger's spend of each budget of the call: the first call of a period, or
   * the store lost its state (restart of the embedded default, a Redis flush). Safe to race with
   * the audit writer's settlements: the store keeps the larger figure.
   */
  restore(call: CallBudgets): Promise<void> {
    // One restore per set of budget periods at a time: the first calls of a period (every budgeted
    // caller's, just after midnight UTC) would otherwise each read the ledger.
    const key = call.check.buckets.map((b) => b.key).join(' ');
    let pending = this.restoring.get(key);
    if (!pending) {
      pending = this.restoreNow(call).finally(() => this.restoring.delete(key));
      this.restoring.set(key, pending);
    }
    return pending;
  }

  private async restoreNow(call: CallBudgets): Promise<void> {
    const spent = await this.repository.spent(call.budgets.map((b, i) => ({ budgetId: b.id, periodStart: call.periodStarts[i] })));
    await this.store.settleBudgets(
      call.check.buckets.map((bucket, i) => ({
        key: bucket.key,
        spentPicoUsd: spent.get(call.budgets[i].id) ?? 0n,
        periodEndMs: bucket.periodEndMs,
        releasedHoldIds: [],
      })),
    );
  }

  /**
   * 402 budget_exceeded: which budget, its cap, spend and holds, and when it resets. Retry-After is
   * the period's end when the spend itself reached the cap, or a second when calls in flight hold
   * the rest (their holds settle as they end); none for a spent lifetime budget.
   */
  exceededError(call: CallBudgets, outcome: Extract<BudgetOutcome, { kind: 'exceeded' }>, now = this.clock.nowMs()): GatewayError {
    const budget = call.budgets[outcome.index];
    const endMs = call.check.buckets[outcome.index].periodEndMs;
    const resetsAt = endMs === null ? null : new Date(endMs);
    const spentOut = outcome.state.spentPicoUsd >= budget.capPicoUsd;
    const headers: Record<string, string> = {};
    if (!spentOut) headers['Retry-After'] = '1';
    else if (resetsAt) headers['Retry-After'] = String(Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000)));
    return new GatewayError(
      'budget_exceeded',
      spentOut
        ? `The ${budget.subject}'s ${budget.period === 'none' ? 'lifetime' : budget.period} budget is spent.`
        : `The ${budget.subject}'s budget is held by calls in flight; retry when they end.`,
      {
        budget_id: budget.id,
        limit_source: budget.subject,
        subject_id: budget.subjectId,
        period: budget.period,
        cap_usd: picoUsdToDecimalString(budget.capPicoUsd),
        spent_usd: picoUsdToDecimalString(outcome.state.spentPicoUsd),
        held_usd: picoUsdToDecimalString(outcome.state.heldPicoUsd),
        resets_at: resetsAt?.toISOString() ?? null,
      },
      headers,
    );
  }

  /**
   * Every budget a caller's calls are checked against (Caller.budgets, in the order the store checks
   * them), with its current period's spend and holds, and the index of the one that binds; null
   * when it has none. The store refuses on the first budget, in that order, whose spend and holds
   * reached its cap; so the binding one is the first already spent, else the one with the least
   * room left (the first of equals). Key and customer budgets count the customer price and a tenant
   * budget the resale figure, so their rooms compare in what each counts.
   */
  async callerBudgets(caller: Caller, now = this.clock.now()): Promise<CallerBudgetStates | null> {
    const { budgets } = caller;
    if (!budgets) return null;
    const periods = budgets.map((b) => budgetPeriodOf(b.period, now));
    const [ledger, live] = await Promise.all([
      this.repository.spent(budgets.map((b, i) => ({ budgetId: b.id, periodStart: periods[i].start }))),
      Promise.all(budgets.map((b, i) => this.store.budgetState(budgetStateKey(caller.tenantId, b.id, periods[i].start)).catch(() => null))),
    ]);
    const states = budgets.map((budget, i): CallerBudgetState => {
      const ledgerSpent = ledger.get(budget.id) ?? 0n;
      // The store keeps the larger of its figure and the ledger's (settlements never lower it).
      const storeSpent = live[i]?.spentPicoUsd ?? 0n;
      const spentPicoUsd = storeSpent > ledgerSpent ? storeSpent : ledgerSpent;
      const heldPicoUsd = live[i]?.heldPicoUsd ?? 0n;
      return {
        budget,
        periodStart: periods[i].start,
        resetsAt: periods[i].end,
        spentPicoUsd,
        heldPicoUsd,
        roomPicoUsd: budget.capPicoUsd - spentPicoUsd - heldPicoUsd,
      };
    });
    return { states, binding: bindingBudget(states) };
  }

  /** The subject's budget and the state of its current period; null when it has none. */
  async status(subject: BudgetSubject, subjectId: string, now = this.clock.now()): Promise<BudgetStatus | null> {
    const budget = await this.repository.find(subject, subjectId);
    return budget && this.statusOf(budget, now);
  }

  /** Sets (or replaces) the subject's budget; the caller invalidates the key caches it affects. */
  async put(
    tenantId: string,
    subject: BudgetSubject,
    subjectId: string,
    period: BudgetPeriod,
    capPicoUsd: bigint,
    actor?: Actor,
    now = this.clock.now(),
  ): Promise<BudgetStatus> {
    let budget: BudgetRow;
    try {
      budget = await this.repository.put(tenantId, subject, subjectId, period, capPicoUsd, now, actor && this.recordFor(actor));
    } catch (err) {
      if (changedConcurrently(err)) throw new GatewayError('conflict', CHANGED_CONCURRENTLY);
      if (err instanceof AuditTrailBusyError) throw auditTrailBusy('changed', err);
      if (err instanceof KeyReplacedError) throw keyReplaced(err);
      throw err;
    }
    return this.statusOf(budget, now);
  }

  /** Removes the subject's budget; false when it had none. */
  async delete(subject: BudgetSubject, subjectId: string, actor?: Actor): Promise<boolean> {
    try {
      return await this.repository.delete(subject, subjectId, actor && this.recordFor(actor));
    } catch (err) {
      if (changedConcurrently(err)) throw new GatewayError('conflict', CHANGED_CONCURRENTLY);
      if (err instanceof AuditTrailBusyError) throw auditTrailBusy('removed', err);
      if (err instanceof KeyReplacedError) throw keyReplaced(err);
      throw err;
    }
  }

  /** The activity entry of a budget's change by `actor`, written in the change's transaction. */
  private recordFor(actor: Actor): BudgetChangeHook {
    return (tx, before, after) => {
      const budget = (after ?? before)!;
      return this.activity.record(tx, actor, {
        action: before === null ? 'budget.create' : after === null ? 'budget.delete' : 'budget.update',
        entityType: 'budget',
        entityId: `${budget.subject}:${budget.subjectId}`,
        tenantId: budget.tenantId,
        before: before && budgetFields(before),
        after: after && budgetFields(after),
      });
    };
  }

  private async statusOf(budget: BudgetRow, now: Date): Promise<BudgetStatus> {
    const { start, end } = budgetPeriodOf(budget.period, now);
    const [spent, live, pricing] = await Promise.all([
      this.repository.spent([{ budgetId: budget.id, periodStart: start }]),
      this.store.budgetState(budgetStateKey(budget.tenantId, budget.id, start)).catch(() => null),
      this.repository.subjectPricing(budget),
    ]);
    return {
      budget,
      periodStart: start,
      resetsAt: end,
      spentPicoUsd: spent.get(budget.id) ?? 0n,
      heldPicoUsd: live?.heldPicoUsd ?? 0n,
      callHolds: pricing ? this.callHolds(budget.subject, pricing) : [],
    };
  }

  /** One call's hold on a budget of this subject, per enabled endpoint its calls may reach, by slug. */
  private callHolds(subject: BudgetSubject, pricing: SubjectPricing): CallHold[] {
    const counted = subject === 'tenant' ? 'resalePicoUsd' : 'customerPicoUsd';
    return this.catalog
      .list()
      .filter(
        (e) =>
          e.enabled &&
          (!pricing.allowedCategories || pricing.allowedCategories.has(e.category)) &&
          (!pricing.allowedEndpoints || pricing.allowedEndpoints.allows(e.slug, e.category)),
      )
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
      .map((e) => ({
        slug: e.slug,
        holdPicoUsd: this.billing.holdCharge(pricing, e, {})[counted],
        maxHoldPicoUsd: this.billing.maxCallCharge(pricing, e)[counted],
      }));
  }
}

function budgetFields(budget: BudgetRow): Record<string, unknown> {
  return { period: budget.period, cap_usd: picoUsdToDecimalString(budget.capPicoUsd) };
}

/** A budget change on a key replaced by rotation: its budget is its replacement's. */
function keyReplaced(err: KeyReplacedError): GatewayError {
  return new GatewayError('key_already_rotated', 'This key was replaced by rotation: its budget is its replacement’s; change it there.', {
    replaced_by_id: err.replacedById,
  });
}
