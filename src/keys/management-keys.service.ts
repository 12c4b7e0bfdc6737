import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { apiKeyMatches, MANAGEMENT_KEY_FORMAT } from './api-key-format';
import { ManagementKeyRepository, PublicManagementKey } from './management-key.repository';

/** Who calls the reseller API: the tenant a management key belongs to. */
export interface ManagementCaller {
  tenantId: string;
  keyId: string;
  /** The owner who issued the key (null: the operator): what it issues is theirs too. */
  issuedByUserId: string | null;
}

/**
 * Keys of the reseller REST API (`gwm_…`): issued by the operator for a tenant or by its owners, shown once, stored
 * as a hash. They never call the gateway (whose keys are `gw_…`), and gateway keys never call the
 * reseller API: each side parses only its own format. Verification reads Postgres on every call
 * (management traffic is light), so a revocation or a tenant suspension applies to the next call.
 */
@Injectable()
export class ManagementKeysService {
  constructor(private readonly repository: ManagementKeyRepository) {}

  async verify(presented: string): Promise<ManagementCaller> {
    const prefix = MANAGEMENT_KEY_FORMAT.parsePrefix(presented);
    if (!prefix) throw new GatewayError('invalid_management_key');
    const stored = await this.repository.findByPrefix(prefix);
    if (!stored || !apiKeyMatches(presented, stored.secretHash) || stored.status !== 'active') {
      throw new GatewayError('invalid_management_key');
    }
    // Issued by an owner: theirs only while they are an owner of this tenant (a removal or demotion
    // revokes it; this holds for a role taken away by any other path too).
    if (stored.createdBy && (stored.createdBy.role !== 'owner' || stored.createdBy.tenantId !== stored.tenantId)) {
      throw new GatewayError('invalid_management_key');
    }
    if (stored.tenant.status !== 'active') throw new GatewayError('tenant_suspended', 'The account of this management key is suspended.');
    return { tenantId: stored.tenantId, keyId: stored.id, issuedByUserId: stored.createdByUserId };
  }

  /**
   * `issuedByUserId`: the owner who issues it (through the console or a management key of theirs),
   * with whose removal or demotion it is revoked; null for the operator's.
   */
  async create(tenantId: string, name = '', issuedByUserId: string | null = null): Promise<{ key: string; record: PublicManagementKey }> {
    const generated = MANAGEMENT_KEY_FORMAT.generate();
    const record = await this.repository.create({
      tenantId,
      name,
      prefix: generated.prefix,
      secretHash: new Uint8Array(generated.secretHash),
      createdByUserId: issuedByUserId,
    });
    return { key: generated.key, record };
  }

  listForTenant(tenantId: string, take: number, cursor?: string): Promise<PublicManagementKey[]> {
    return this.repository.listByTenant(tenantId, take, cursor);
  }

  revoke(id: string): Promise<PublicManagementKey | null> {
    return this.repository.revoke(id);
  }

  /** A tenant revoking its own key: null when the tenant has none with this id (another tenant's included). */
  revokeInTenant(tenantId: string, id: string): Promise<PublicManagementKey | null> {
    return this.repository.revokeInTenant(tenantId, id);
  }
}
