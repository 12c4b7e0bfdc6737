import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../../common/pagination/page.dto';
import { TenantStatus } from '../../../generated/prisma/enums';
import type { StoredTenant } from '../../../tenants/tenants.repository';

/** A tenant as the operator API shows it: exactly these fields, whatever the table holds. */
export class TenantView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: Object.values(TenantStatus), enumName: 'TenantStatus' })
  status!: TenantStatus;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The parent reseller, for a reseller's customer." })
  parent_id!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  rate_limit_per_window!: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  static from(this: void, t: StoredTenant): TenantView {
    return Object.assign(new TenantView(), {
      id: t.id,
      name: t.name,
      status: t.status,
      parent_id: t.parentId,
      rate_limit_per_window: t.rateLimitPerWindow,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    } satisfies TenantView);
  }
}

export const TenantPage = PageOf(TenantView);
