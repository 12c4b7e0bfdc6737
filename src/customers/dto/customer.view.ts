import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import type { StoredCustomer } from '../customers.repository';
import { CustomerStatus } from '../../generated/prisma/enums';

/** A customer as the reseller and operator APIs show it. */
export class CustomerView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) tenant_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) external_id!: string | null;
  @ApiProperty({
    enum: Object.values(CustomerStatus),
    enumName: 'CustomerStatus',
    description: "A suspended customer's keys get 403 customer_suspended.",
  })
  status!: CustomerStatus;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata!: unknown;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, c: StoredCustomer): CustomerView {
    return Object.assign(new CustomerView(), {
      id: c.id,
      tenant_id: c.tenantId,
      name: c.name,
      external_id: c.externalId,
      status: c.status,
      metadata: c.metadata,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    } satisfies CustomerView);
  }
}

export const CustomerPage = PageOf(CustomerView);
