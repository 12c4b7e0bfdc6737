import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { ApiKeyStatus } from '../../generated/prisma/enums';
import type { PublicApiKey } from '../api-key.repository';
import type { PublicManagementKey } from '../management-key.repository';

/** A gateway key as the operator and reseller APIs show it: never its secret or hash. */
export class ApiKeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  tenant_id!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The tenant's customer the key belongs to; null for the tenant's own keys.",
  })
  customer_id!: string | null;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'The visible part of the key (`gw_` and 12 characters), for telling keys apart.' })
  prefix!: string;

  @ApiProperty({ enum: Object.values(ApiKeyStatus), enumName: 'ApiKeyStatus' })
  status!: ApiKeyStatus;

  @ApiProperty({ type: 'integer', nullable: true })
  rate_limit_per_window!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expires_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revoked_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The key this one replaced by rotation.' })
  rotated_from_id!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the key last called the gateway (from the audit trail); null: never.',
  })
  last_used_at!: string | null;

  /** `lastUsedAt`: from KeysService.lastUsed(); absent for a key just created. */
  static from(this: void, k: PublicApiKey, lastUsedAt?: Date): ApiKeyView {
    return Object.assign(new ApiKeyView(), {
      id: k.id,
      tenant_id: k.tenantId,
      customer_id: k.customerId,
      name: k.name,
      prefix: k.prefix,
      status: k.status,
      rate_limit_per_window: k.rateLimitPerWindow,
      expires_at: k.expiresAt?.toISOString() ?? null,
      revoked_at: k.revokedAt?.toISOString() ?? null,
      created_at: k.createdAt.toISOString(),
      rotated_from_id: k.rotatedFromId,
      last_used_at: lastUsedAt?.toISOString() ?? null,
    } satisfies ApiKeyView);
  }
}

/** The answer to creating a key: the only response that ever contains its secret. */
export class CreatedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'The whole key. Shown once: only its hash is stored, so it can never be shown again.' })
  key!: string;

  static withSecret(k: PublicApiKey, key: string): CreatedApiKeyView {
    return Object.assign(new CreatedApiKeyView(), ApiKeyView.from(k), { key });
  }
}

export const ApiKeyPage = PageOf(ApiKeyView);

/** The answer to a rotation: the new key (its secret shown once) and the old one, valid until the end of its grace period. */
export class RotatedApiKeyView {
  @ApiProperty({ type: () => CreatedApiKeyView })
  key!: CreatedApiKeyView;

  @ApiProperty({ type: () => ApiKeyView, description: 'The old key: `expires_at` is the end of its grace period.' })
  previous!: ApiKeyView;
}

/** A management key (reseller API) as the operator and its tenant's owners see it: never its secret or hash. */
export class ManagementKeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  tenant_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'The visible part of the key (`gwm_` and 12 characters).' })
  prefix!: string;

  @ApiProperty({ enum: ['active', 'revoked'] })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revoked_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'The owner who issued it (signed in, or through a management key of theirs): it is revoked when they are removed or stop being an owner. null: issued by the operator, through a key the operator issued, or before this was kept.',
  })
  created_by_user_id!: string | null;

  static from(this: void, k: PublicManagementKey): ManagementKeyView {
    return Object.assign(new ManagementKeyView(), {
      id: k.id,
      tenant_id: k.tenantId,
      name: k.name,
      prefix: k.prefix,
      status: k.status,
      created_at: k.createdAt.toISOString(),
      revoked_at: k.revokedAt?.toISOString() ?? null,
      created_by_user_id: k.createdByUserId,
    } satisfies ManagementKeyView);
  }
}

/** The answer to issuing a management key: the only response that ever contains its secret. */
export class CreatedManagementKeyView extends ManagementKeyView {
  @ApiProperty({ description: 'The whole key (`gwm_…`). Shown once: only its hash is stored.' })
  key!: string;

  static withSecret(k: PublicManagementKey, key: string): CreatedManagementKeyView {
    return Object.assign(new CreatedManagementKeyView(), ManagementKeyView.from(k), { key });
  }
}

export const ManagementKeyPage = PageOf(ManagementKeyView);
