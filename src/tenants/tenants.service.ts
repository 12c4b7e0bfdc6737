import { Injectable } from '@nestjs/common';
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
  ) {}

  /** `inTransaction` runs in the transaction that creates the tenant (both commit, or neither). */
  async create(
    definition: TenantDefinition,
    inTransaction?: (tx: Prisma.TransactionClient, tenant: StoredTenant) => Promise<unknown>,
  ): Promise<StoredTenant> {
    try {
      return await this.repository.create(definition, inTransaction);
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

  async update(id: string, changes: TenantChanges): Promise<StoredTenant> {
    await this.get(id);
    let tenant: StoredTenant;
    try {
      tenant = await this.repository.update(id, changes);
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
