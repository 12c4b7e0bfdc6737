import { Injectable } from '@nestjs/common';
import { type Page, toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.requests';
import { CustomersService } from '../../customers/customers.service';
import type { Prisma } from '../../generated/prisma/client';
import type { CreateCustomerRequest, CustomerListQuery, UpdateCustomerRequest } from './dto/customer.requests';
import { CustomerView } from '../../customers/dto/customer.view';

/** The reseller's customer use cases, within the calling tenant. */
@Injectable()
export class ResellerCustomersService {
  constructor(private readonly customers: CustomersService) {}

  async create(tenantId: string, body: CreateCustomerRequest): Promise<CustomerView> {
    const customer = await this.customers.create(tenantId, {
      name: body.name,
      externalId: body.external_id ?? null,
      metadata: (body.metadata ?? {}) as Prisma.InputJsonObject,
    });
    return CustomerView.from(customer);
  }

  async list(tenantId: string, query: CustomerListQuery): Promise<Page<CustomerView>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.customers.list(tenantId, limit + 1, query.cursor, {
      externalId: query.external_id,
      status: query.status,
      ids: query.ids,
      search: query.q,
    });
    return toPage(rows, limit, CustomerView.from);
  }

  async get(tenantId: string, id: string): Promise<CustomerView> {
    return CustomerView.from(await this.customers.get(tenantId, id));
  }

  async update(tenantId: string, id: string, body: UpdateCustomerRequest): Promise<CustomerView> {
    const customer = await this.customers.update(tenantId, id, {
      name: body.name,
      externalId: body.external_id,
      metadata: body.metadata as Prisma.InputJsonObject | undefined,
    });
    return CustomerView.from(customer);
  }

  async suspend(tenantId: string, id: string): Promise<CustomerView> {
    return CustomerView.from(await this.customers.suspend(tenantId, id));
  }

  async resume(tenantId: string, id: string): Promise<CustomerView> {
    return CustomerView.from(await this.customers.resume(tenantId, id));
  }

  delete(tenantId: string, id: string): Promise<void> {
    return this.customers.delete(tenantId, id);
  }
}
