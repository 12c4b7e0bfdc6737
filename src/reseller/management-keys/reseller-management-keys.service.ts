import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { CreatedManagementKeyView, ManagementKeyView } from '../../keys/dto/api-key.view';
import { ManagementKeysService } from '../../keys/management-keys.service';

/** The calling tenant's management keys. */
@Injectable()
export class ResellerManagementKeysService {
  constructor(private readonly keys: ManagementKeysService) {}

  async create(tenantId: string, name: string | undefined, issuedByUserId: string | null): Promise<CreatedManagementKeyView> {
    const { key, record } = await this.keys.create(tenantId, name, issuedByUserId);
    return CreatedManagementKeyView.withSecret(record, key);
  }

  async list(tenantId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.keys.listForTenant(tenantId, limit + 1, cursor), limit, ManagementKeyView.from);
  }

  async revoke(tenantId: string, id: string): Promise<ManagementKeyView> {
    const key = await this.keys.revokeInTenant(tenantId, id);
    if (!key) throw new GatewayError('resource_not_found', 'No management key has this id.');
    return ManagementKeyView.from(key);
  }
}
