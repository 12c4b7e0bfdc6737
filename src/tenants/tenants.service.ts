import { Injectable } from '@nestjs/common';
import type { Actor } from '../activity/actor';
import { ActivityLog } from '../activity/activity-log.repository';
import { GatewayError } from '../common/errors/error-catalog';
import type { Prisma } from '../generated/prisma/client';
import { KeysService } from '../keys/keys.service';
import { StoredTenant, TenantChanges, TenantDefinition, TenantFilter, TenantsRepository } from './tenants.repository';

/** Accounts that own keys. Changes that affect verification (status, limit) invalidate cached keys everywhere. */
@Injectable()
export class TenantsService {
  constructor(
    private readonly repository: TenantsRepository,
    private readonly keys: KeysService,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * `inTransaction` runs in the transaction that creates the tenant (both commit, or neither); with
   * an `actor` (the operator; or, at sign-up, the owner that `inTransaction` creates: a function
   * asked once it has run), the creation is recorded in the activity log there too.
   */
  async create(
    definition: TenantDefinition,
    inTransaction?: (tx: Prisma.TransactionClient, tenant: StoredTenant) => Promise<unknown>,
    actor?: Actor | (() => Actor | undefined),
  ): Promise<StoredTenant> {
    try {
      return await this.repository.create(definition, async (tx, tenant) => {
        if (inTransaction) await inTransaction(tx, tenant);
        const who = typeof actor === 'function' ? actor() : actor;
        if (who) {
          await this.activity.record(tx, who, {
            action: 'tenant.create',
            entityType: 'tenant',
            entityId: tenant.id,
            tenantId: tenant.id,
            before: null,
            after: tenantFields(tenant),
          });
        }
      });
    } catch (err) {
      throw unknownPlan(err);
    }
  }

  async get(id: string): Promise<StoredTenant> {
    const tenant = await this.repository.findById(id);
    if (!tenant) throw new GatewayError('resource_not_found', 'No tenant has this id.');
    return tenant;
  }

  /** Newest first: `take` tenants after the page `cursor` ended (only those of `ids`, when given). */
  list(take: number, cursor?: string, filter: TenantFilter = {}): Promise<StoredTenant[]> {
    return this.repository.list(take, cursor, filter);
  }

  /**
   * Recorded in the activity log, in the update's transaction, as `actor`'s. With `whilePlanIs`, made
   * only while the tenant is still on that plan (409 conflict otherwise): a move decided against it.
   */
  async update(id: string, changes: TenantChanges, actor: Actor, whilePlanIs?: string | null): Promise<StoredTenant> {
    await this.get(id);
    let tenant: StoredTenant;
    try {
      tenant = await this.repository.update(id, changes, (tx, before, after) => {
        if (whilePlanIs !== undefined && before.planId !== whilePlanIs) {
          throw new GatewayError('conflict', 'Your plan changed meanwhile: look at it again before choosing.');
        }
        return this.activity.record(tx, actor, {
          action: tenantAction(before, after),
          entityType: 'tenant',
          entityId: id,
          tenantId: id,
          before: tenantFields(before),
          after: tenantFields(after),
        });
      });
    } catch (err) {
      throw unknownPlan(err);
    }
    if (changes.status !== undefined || changes.rateLimitPerWindow !== undefined || changes.planId !== undefined) {
      await this.keys.invalidateTenant(id);
    }
    return tenant;
  }
}

/** The plan foreign key refused a plan id: the caller named a plan that does not exist. */
function unknownPlan(err: unknown): unknown {
  if ((err as { code?: string }).code === 'P2003') return new GatewayError('invalid_request', 'plan_id names no plan.');
  return err;
}

function tenantFields(tenant: StoredTenant): Record<string, unknown> {
  return {
    name: tenant.name,
    kind: tenant.kind,
    status: tenant.status,
    plan_id: tenant.planId,
    rate_limit_per_window: tenant.rateLimitPerWindow,
  };
}

/** A suspension, a resumption and a plan change are named as such; anything else is an update. */
function tenantAction(before: StoredTenant, after: StoredTenant): string {
  if (before.status !== after.status) return after.status === 'suspended' ? 'tenant.suspend' : 'tenant.resume';
  if (before.planId !== after.planId) return 'tenant.plan_change';
  return 'tenant.update';
}
