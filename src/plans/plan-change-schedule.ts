import { Injectable, Logger } from '@nestjs/common';
import { ActivityLog } from '../activity/activity-log.repository';
import type { Actor } from '../activity/actor';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { addMonths, monthOf } from '../common/time/utc-month';
import { KeysService } from '../keys/keys.service';
import { PlanDefaultBudget } from './plan-default-budget';
import type { StoredPlan } from './plans.repository';
import { ScheduledPlanChange, ScheduledPlanChangesRepository } from './scheduled-plan-changes.repository';

/** Tenants whose due change is made per query of the due ones; a run goes on until none is left. */
const APPLY_BATCH = 100;

/**
 * Whether an owner's move between public plans takes effect at once: when it costs the tenant more
 * (a bigger monthly fee), or changes nothing it could gain by (the same fee, no bigger discount). A
 * plan's fee is prorated to the millisecond, so a move that lowers the fee or raises the discount
 * made at once would let a tenant hold a plan with a bigger discount for an hour of heavy traffic
 * and leave it before paying for it: such a move waits (scheduledMoveFrom).
 */
export function ownerMoveIsImmediate(
  current: Pick<StoredPlan, 'monthlyFeePicoUsd' | 'resaleDiscountBps'>,
  target: Pick<StoredPlan, 'monthlyFeePicoUsd' | 'resaleDiscountBps'>,
): boolean {
  if (target.monthlyFeePicoUsd !== current.monthlyFeePicoUsd) return target.monthlyFeePicoUsd > current.monthlyFeePicoUsd;
  return target.resaleDiscountBps <= current.resaleDiscountBps;
}

/**
 * When a move that waits takes effect: at the start of the month after the first whole UTC month the
 * tenant held its current plan (held since `heldSince`), and never before the next month's start.
 * A plan is so held, and its fee owed, for at least one whole month: moving up for the last hour of
 * a month and back at midnight costs a month of the dearer fee, not an hour of it.
 */
export function scheduledMoveFrom(heldSince: Date, now: Date): Date {
  const month = monthOf(heldSince);
  const firstWholeMonth = heldSince.getTime() === month.getTime() ? month : addMonths(month, 1);
  const afterIt = addMonths(firstWholeMonth, 1);
  const nextMonth = addMonths(monthOf(now), 1);
  return afterIt > nextMonth ? afterIt : nextMonth;
}

/**
 * The owners' plan moves that wait for a month's start: scheduling one (replacing the tenant's
 * earlier one), cancelling it, and making those that are due (the plan changes job). Each is
 * recorded in the activity log in its own transaction: scheduled and cancelled by whoever asked,
 * and made, as `tenant.plan_change`, in the name of whoever scheduled it.
 */
@Injectable()
export class PlanChangeSchedule {
  private readonly logger = new Logger('PlanChanges');

  constructor(
    private readonly repository: ScheduledPlanChangesRepository,
    private readonly activity: ActivityLog,
    private readonly keys: KeysService,
    private readonly planBudget: PlanDefaultBudget,
    private readonly clock: Clock,
  ) {}

  /** The tenant's scheduled change; null: none. */
  of(tenantId: string): Promise<ScheduledPlanChange | null> {
    return this.repository.find(tenantId);
  }

  /** Since when the tenant has held `planId` without a break, by its plan history; null without history. */
  heldSince(tenantId: string, planId: string): Promise<Date | null> {
    return this.repository.heldSince(tenantId, planId);
  }

  /**
   * Schedules the tenant's move from `currentPlanId` to `planId` at `effectiveFrom`, replacing an
   * earlier one. 409 conflict when the tenant's plan changed since the move was decided on.
   */
  async schedule(actor: Actor, tenantId: string, currentPlanId: string, planId: string, effectiveFrom: Date): Promise<ScheduledPlanChange> {
    const scheduled = await this.repository.schedule({ tenantId, planId, effectiveFrom, actor }, currentPlanId, (tx, before, after) =>
      this.activity.record(tx, actor, {
        action: 'tenant.plan_change_scheduled',
        entityType: 'tenant',
        entityId: tenantId,
        tenantId,
        before: scheduledFields(before),
        after: scheduledFields(after),
      }),
    );
    if (scheduled === 'plan_changed') throw new GatewayError('conflict', 'Your plan changed meanwhile: look at it again before choosing.');
    return scheduled;
  }

  /** Cancels the tenant's scheduled change: it stays on its plan. False when it had none. */
  async cancel(actor: Actor, tenantId: string): Promise<boolean> {
    const cancelled = await this.repository.cancel(tenantId, (tx, change) =>
      this.activity.record(tx, actor, {
        action: 'tenant.plan_change_cancelled',
        entityType: 'tenant',
        entityId: tenantId,
        tenantId,
        before: scheduledFields(change),
        after: scheduledFields(null),
      }),
    );
    return cancelled !== null;
  }

  /**
   * Makes every scheduled change that is due, each in its own transaction (one that fails is tried
   * again at the next run; the others go on), then reaches every process (the tenant's cached keys)
   * and applies the plan's default monthly budget as any move onto a plan does. Returns how many.
   */
  async applyDue(): Promise<number> {
    let made = 0;
    const failed = new Set<string>();
    for (;;) {
      const now = this.clock.now();
      const due = (await this.repository.due(now, APPLY_BATCH + failed.size)).filter((id) => !failed.has(id));
      if (due.length === 0) return made;
      for (const tenantId of due) {
        try {
          const applied = await this.repository.apply(tenantId, now, (tx, change, before, after) =>
            this.activity.record(tx, change.actor, {
              action: 'tenant.plan_change',
              entityType: 'tenant',
              entityId: tenantId,
              tenantId,
              before: { plan_id: before.planId, ...scheduledFields(change) },
              after: { plan_id: after.planId, ...scheduledFields(null) },
            }),
          );
          if (!applied) continue;
          if (applied === 'not_public') {
            this.logger.warn(
              { tenantId },
              'a scheduled plan change onto a plan no longer public was dropped; the tenant stays on its plan',
            );
            continue;
          }
          made++;
          await this.afterMove(tenantId, applied.change);
        } catch (err) {
          failed.add(tenantId);
          this.logger.warn({ err: (err as Error).message, tenantId }, 'a scheduled plan change failed; the next run tries again');
        }
      }
    }
  }

  /** What follows a move once made (it is not made again): as after the operator's or the owner's. */
  private async afterMove(tenantId: string, change: ScheduledPlanChange): Promise<void> {
    try {
      await this.keys.invalidateTenant(tenantId);
      await this.planBudget.applyTo(tenantId, change.planId, change.actor);
    } catch (err) {
      // The keys' cached copies expire within KEY_CACHE_TTL_MS anyway; the default budget is the one step lost.
      this.logger.warn(
        { err: (err as Error).message, tenantId },
        "a scheduled plan change was made; its plan's default budget or the key caches' refresh failed",
      );
    }
  }
}

function scheduledFields(change: ScheduledPlanChange | null): Record<string, unknown> {
  return { scheduled_plan_id: change?.planId ?? null, scheduled_plan_from: change?.effectiveFrom ?? null };
}
