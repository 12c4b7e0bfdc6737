import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { TenantKind, TenantStatus } from '../../generated/prisma/enums';
import type { StoredTenant } from '../tenants.repository';

/** A tenant as the operator API shows it: exactly these fields, whatever the table holds. */
export class TenantView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: Object.values(TenantStatus), enumName: 'TenantStatus' })
  status!: TenantStatus;

  @ApiProperty({
    enum: Object.values(TenantKind),
    enumName: 'TenantKind',
    description: 'A reseller resells to customers of its own; a direct account calls for itself.',
  })
  kind!: TenantKind;

  @ApiProperty({ type: 'integer', nullable: true })
  rate_limit_per_window!: number | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The plan the tenant is on; null: none.' })
  plan_id!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  static from(this: void, t: StoredTenant): TenantView {
    return Object.assign(new TenantView(), {
      id: t.id,
      name: t.name,
      status: t.status,
      kind: t.kind,
      rate_limit_per_window: t.rateLimitPerWindow,
      plan_id: t.planId,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    } satisfies TenantView);
  }
}

export const TenantPage = PageOf(TenantView);
