import type { Actor } from '../activity/actor';
import { ActivityLog } from '../activity/activity-log.repository';
import { Injectable } from '@nestjs/common';
import { picoUsdToDecimalString } from '../common/money/money';
import { GatewayError } from '../common/errors/error-catalog';
import type { Prisma } from '../generated/prisma/client';
import { KeysService } from '../keys/keys.service';
import { PlanChangeHook, PlanChanges, PlanDefinition, PlansRepository, StoredPlan } from './plans.repository';
import { ScheduledPlanChangesRepository } from './scheduled-plan-changes.repository';

/**
 * Plans: what a tenant subscribes to. A plan bounds its tenants' keys (allowed categories, a
 * ceiling on the tenant-wide request limit), so a change reaches every gateway process at once.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly keys: KeysService,
    private readonly activity: ActivityLog,
    private readonly scheduled: ScheduledPlanChangesRepository,
  ) {}

  /** The activity entry of a plan's change by `actor`, written in the change's transaction. */
  private recordFor(actor: Actor): PlanChangeHook {
    return (tx, before, after) =>
      this.activity.record(tx, actor, {
        action: before === null ? 'plan.create' : after === null ? 'plan.delete' : 'plan.update',
        entityType: 'plan',
        entityId: (after ?? before)!.id,
        tenantId: null,
        before: before && planFields(before),
        after: after && planFields(after),
      });
  }

  async create(definition: PlanDefinition, actor: Actor): Promise<StoredPlan> {
    try {
      return await this.repository.create(definition, this.recordFor(actor));
    } catch (err) {
      throw conflictOnName(err, definition.name);
    }
  }

  async get(id: string): Promise<StoredPlan> {
    const plan = await this.repository.findById(id);
    if (!plan) throw new GatewayError('resource_not_found', 'No plan has this id.');
    return plan;
  }

  /**
   * A plan a tenant may choose for itself (sign-up, the owner's plan change): a public one. A
   * private plan's id is answered like an unknown one (400), so its existence does not show.
   */
  async getPublic(id: string): Promise<StoredPlan> {
    const plan = await this.repository.findById(id);
    if (!plan?.public) throw new GatewayError('invalid_request', 'plan_id names no public plan.');
    return plan;
  }

  /**
   * The plan a self-service sign-up starts on: the public plan it chose, else the operator's
   * default for sign-ups (public or not), else none (no default flagged).
   */
  async forSignUp(chosenId: string | null): Promise<StoredPlan | null> {
    if (chosenId) return this.getPublic(chosenId);
    return this.repository.findDefaultForSignups();
  }

  /**
   * An owner's (or management key's) move to another plan. Owners move only between public plans:
   * leaving a private plan, or having none (moving onto none, or off none), is the operator's
   * decision (403 plan_change_not_allowed); a target that is not public reads as unknown (400).
   * Returns both plans (the same one twice when the owner chose the plan it is on).
   */
  async ownerMove(currentPlanId: string | null, targetId: string | null): Promise<{ current: StoredPlan; target: StoredPlan }> {
    if (targetId === null) throw new GatewayError('plan_change_not_allowed', 'Only the operator can take a tenant off its plan.');
    const current = currentPlanId ? await this.repository.findById(currentPlanId) : null;
    if (!current) throw new GatewayError('plan_change_not_allowed', 'Your account has no plan: the operator assigns one.');
    if (!current.public) throw new GatewayError('plan_change_not_allowed', 'Your plan was set by the operator: ask them to change it.');
    return { current, target: targetId === current.id ? current : await this.getPublic(targetId) };
  }

  /** The plans shown on the website. */
  listPublic(): Promise<StoredPlan[]> {
    return this.repository.listPublic();
  }

  list(take: number, cursor?: string): Promise<StoredPlan[]> {
    return this.repository.list(take, cursor);
  }

  async update(id: string, changes: PlanChanges, actor: Actor): Promise<StoredPlan> {
    await this.get(id);
    let plan: StoredPlan;
    const record = this.recordFor(actor);
    try {
      plan = await this.repository.update(id, changes, async (tx, before, after) => {
        await record(tx, before, after);
        // A plan taken off the website takes no more owners: the moves scheduled onto it are cancelled.
        if (before?.public && after && !after.public) await this.cancelMovesOnto(tx, id, actor);
      });
    } catch (err) {
      throw conflictOnName(err, changes.name);
    }
    await this.keys.invalidatePlan(id);
    return plan;
  }

  private async cancelMovesOnto(tx: Prisma.TransactionClient, planId: string, actor: Actor): Promise<void> {
    for (const move of await this.scheduled.cancelOnto(planId, tx)) {
      await this.activity.record(tx, actor, {
        action: 'tenant.plan_change_cancelled',
        entityType: 'tenant',
        entityId: move.tenantId,
        tenantId: move.tenantId,
        before: { scheduled_plan_id: move.planId, scheduled_plan_from: move.effectiveFrom },
        after: { scheduled_plan_id: null, scheduled_plan_from: null },
      });
    }
  }

  async delete(id: string, actor: Actor): Promise<void> {
    await this.get(id);
    if (!(await this.repository.delete(id, this.recordFor(actor))))
      throw new GatewayError('conflict', 'Tenants are on this plan, or moving to it at the next month: move them to another plan first.');
  }
}

function conflictOnName(err: unknown, name: string | undefined): unknown {
  if ((err as { code?: string }).code === 'P2002') return new GatewayError('conflict', `A plan named "${name}" already exists.`);
  return err;
}

function planFields(plan: StoredPlan): Record<string, unknown> {
  return {
    name: plan.name,
    description: plan.description,
    monthly_fee_usd: picoUsdToDecimalString(plan.monthlyFeePicoUsd),
    resale_discount_bps: plan.resaleDiscountBps,
    request_limit_per_window: plan.requestLimitPerWindow,
    default_monthly_spend_cap_usd:
      plan.defaultMonthlySpendCapPicoUsd === null ? null : picoUsdToDecimalString(plan.defaultMonthlySpendCapPicoUsd),
    allowed_categories: plan.allowedCategories,
    public: plan.public,
    default_for_signups: plan.defaultForSignups,
  };
}
