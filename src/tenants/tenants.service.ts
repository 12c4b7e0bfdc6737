import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { KeysService } from '../keys/keys.service';
import { StoredTenant, TenantChanges, TenantDefinition, TenantsRepository } from './tenants.repository';

/** Accounts that own keys. Changes that affect verification (status, limit) invalidate cached keys everywhere. */
@Injectable()
export class TenantsService {
  constructor(
    private readonly repository: TenantsRepository,
    private readonly keys: KeysService,
  ) {}

  create(definition: TenantDefinition): Promise<StoredTenant> {
    return this.repository.create(definition);
  }

  async get(id: string): Promise<StoredTenant> {
    const tenant = await this.repository.findById(id);
    if (!tenant) throw new GatewayError('resource_not_found', 'No tenant has this id.');
    return tenant;
  }

  /** Newest first: `take` tenants after the page `cursor` ended. */
  list(take: number, cursor?: string): Promise<StoredTenant[]> {
    return this.repository.list(take, cursor);
  }

  async update(id: string, changes: TenantChanges): Promise<StoredTenant> {
    await this.get(id);
    const tenant = await this.repository.update(id, changes);
    if (changes.status !== undefined || changes.rateLimitPerWindow !== undefined) await this.keys.invalidateTenant(id);
    return tenant;
  }
}
