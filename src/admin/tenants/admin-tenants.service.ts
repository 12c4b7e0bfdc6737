import { Injectable } from '@nestjs/common';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.dto';
import { TenantsService } from '../../tenants/tenants.service';
import type { CreateTenantRequest, UpdateTenantRequest } from './dto/tenant.requests';
import { TenantView } from '../../tenants/dto/tenant.view';

/** The operator's tenant use cases: wire DTOs to the tenants service and back to views. */
@Injectable()
export class AdminTenantsService {
  constructor(private readonly tenants: TenantsService) {}

  async create(body: CreateTenantRequest): Promise<TenantView> {
    return TenantView.from(
      await this.tenants.create({
        name: body.name,
        kind: body.kind ?? 'direct',
        rateLimitPerWindow: body.rate_limit_per_window ?? null,
        planId: body.plan_id ?? null,
      }),
    );
  }

  async get(id: string): Promise<TenantView> {
    return TenantView.from(await this.tenants.get(id));
  }

  async list({ limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.tenants.list(limit + 1, cursor), limit, TenantView.from);
  }

  async update(id: string, body: UpdateTenantRequest): Promise<TenantView> {
    const tenant = await this.tenants.update(id, {
      name: body.name,
      kind: body.kind,
      status: body.status,
      rateLimitPerWindow: body.rate_limit_per_window,
      planId: body.plan_id,
    });
    return TenantView.from(tenant);
  }
}
