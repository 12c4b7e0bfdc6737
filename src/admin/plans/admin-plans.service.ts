import type { Actor } from '../../activity/actor';
import { Injectable } from '@nestjs/common';
import { usdToPicoUsd } from '../../common/money/money';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { PlanView } from '../../plans/dto/plan.view';
import { PlansService } from '../../plans/plans.service';
import type { CreatePlanRequest, UpdatePlanRequest } from './dto/plan.requests';

/** The operator's plan use cases. */
@Injectable()
export class AdminPlansService {
  constructor(private readonly plans: PlansService) {}

  async create(actor: Actor, body: CreatePlanRequest): Promise<PlanView> {
    const plan = await this.plans.create(
      {
        name: body.name,
        description: body.description ?? '',
        monthlyFeePicoUsd: usdToPicoUsd(body.monthly_fee_usd),
        resaleDiscountBps: body.resale_discount_bps ?? 0,
        requestLimitPerWindow: body.request_limit_per_window ?? null,
        defaultMonthlySpendCapPicoUsd: optionalPicoUsd(body.default_monthly_spend_cap_usd) ?? null,
        allowedCategories: body.allowed_categories ?? [],
        public: body.public ?? true,
        defaultForSignups: body.default_for_signups ?? false,
      },
      actor,
    );
    return PlanView.from(plan);
  }

  async list({ limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.plans.list(limit + 1, cursor), limit, PlanView.from);
  }

  async get(id: string): Promise<PlanView> {
    return PlanView.from(await this.plans.get(id));
  }

  async update(actor: Actor, id: string, body: UpdatePlanRequest): Promise<PlanView> {
    const plan = await this.plans.update(
      id,
      {
        name: body.name,
        description: body.description,
        monthlyFeePicoUsd: optionalPicoUsd(body.monthly_fee_usd) ?? undefined,
        resaleDiscountBps: body.resale_discount_bps,
        requestLimitPerWindow: body.request_limit_per_window,
        defaultMonthlySpendCapPicoUsd: optionalPicoUsd(body.default_monthly_spend_cap_usd),
        allowedCategories: body.allowed_categories,
        public: body.public,
        defaultForSignups: body.default_for_signups,
      },
      actor,
    );
    return PlanView.from(plan);
  }

  delete(actor: Actor, id: string): Promise<void> {
    return this.plans.delete(id, actor);
  }
}

/** undefined stays undefined (not changed), null stays null (cleared). */
function optionalPicoUsd(usd: string | null | undefined): bigint | null | undefined {
  return usd === undefined || usd === null ? usd : usdToPicoUsd(usd);
}
