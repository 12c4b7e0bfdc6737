import { Injectable } from '@nestjs/common';
import type { Actor } from '../../activity/actor';
import { BudgetRequest, capOf } from '../../budgets/dto/budget.requests';
import { BudgetView } from '../../budgets/dto/budget.view';
import { BudgetsService } from '../../budgets/budgets.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.requests';
import { KeysService } from '../../keys/keys.service';
import { PlanDefaultBudget } from '../../plans/plan-default-budget';
import { TenantsService } from '../../tenants/tenants.service';
import type { CreateTenantRequest, TenantListQuery, UpdateTenantRequest } from './dto/tenant.requests';
import { TenantView } from '../../tenants/dto/tenant.view';

/** The operator's tenant use cases: wire DTOs to the tenants service and back to views. */
@Injectable()
export class AdminTenantsService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly planBudget: PlanDefaultBudget,
    private readonly budgets: BudgetsService,
    private readonly keys: KeysService,
  ) {}

  async create(actor: Actor, body: CreateTenantRequest): Promise<TenantView> {
    const tenant = await this.tenants.create(
      {
        name: body.name,
        kind: body.kind ?? 'direct',
        rateLimitPerWindow: body.rate_limit_per_window ?? null,
        planId: body.plan_id ?? null,
      },
      undefined,
      actor,
    );
    await this.planBudget.applyTo(tenant.id, tenant.planId, actor);
    return TenantView.from(tenant);
  }

  async get(id: string): Promise<TenantView> {
    return TenantView.from(await this.tenants.get(id));
  }

  async list({ limit = DEFAULT_PAGE_SIZE, cursor, ids, q }: TenantListQuery) {
    return toPage(await this.tenants.list(limit + 1, cursor, { ids, search: q }), limit, TenantView.from);
  }

  async update(actor: Actor, id: string, body: UpdateTenantRequest): Promise<TenantView> {
    const tenant = await this.tenants.update(
      id,
      {
        name: body.name,
        kind: body.kind,
        status: body.status,
        rateLimitPerWindow: body.rate_limit_per_window,
        planId: body.plan_id,
      },
      actor,
    );
    if (body.plan_id) await this.planBudget.applyTo(id, body.plan_id, actor);
    return TenantView.from(tenant);
  }

  async budget(id: string): Promise<BudgetView> {
    await this.tenants.get(id);
    const status = await this.budgets.status('tenant', id);
    if (!status) throw new GatewayError('resource_not_found', 'No budget is set on this tenant.');
    return BudgetView.from(status);
  }

  async putBudget(actor: Actor, id: string, body: BudgetRequest): Promise<BudgetView> {
    await this.tenants.get(id);
    const status = await this.budgets.put(id, 'tenant', id, body.period, capOf(body), actor);
    await this.keys.invalidateTenant(id);
    return BudgetView.from(status);
  }

  async deleteBudget(actor: Actor, id: string): Promise<void> {
    await this.tenants.get(id);
    if (!(await this.budgets.delete('tenant', id, actor))) throw new GatewayError('resource_not_found', 'No budget is set on this tenant.');
    await this.keys.invalidateTenant(id);
  }
}
