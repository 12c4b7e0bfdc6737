import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/pagination/page.dto';
import { ApiKeyStatus } from '../../../generated/prisma/enums';
import type { PublicApiKey } from '../../../keys/api-key.repository';

/** A key as the operator API shows it: never its secret or hash. */
export class ApiKeyView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  tenant_id!: string;

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

  static from(this: void, k: PublicApiKey): ApiKeyView {
    return Object.assign(new ApiKeyView(), {
      id: k.id,
      tenant_id: k.tenantId,
      name: k.name,
      prefix: k.prefix,
      status: k.status,
      rate_limit_per_window: k.rateLimitPerWindow,
      expires_at: k.expiresAt?.toISOString() ?? null,
      revoked_at: k.revokedAt?.toISOString() ?? null,
      created_at: k.createdAt.toISOString(),
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
