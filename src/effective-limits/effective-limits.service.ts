import { Inject, Injectable } from '@nestjs/common';
import { BudgetsService } from '../budgets/budgets.service';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { CatalogService } from '../catalog/catalog.service';
import { GatewayError } from '../common/errors/error-catalog';
import { picoUsdToDecimalString } from '../common/money/money';
import { Clock } from '../common/time/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ReportPeriodQuery } from '../audit/dto/report.requests';
import { mayCall } from '../gateway/endpoint-access';
import type { Caller } from '../keys/caller';
import { KeysService } from '../keys/keys.service';
import { endpointLimitOrigin, type CallLimit, RateLimitService } from '../rate-limit/rate-limit.service';
import type { BucketState } from '../rate-limit/rate-limit.types';
import type {
  EffectiveBudgetView,
  EffectiveLimitsView,
  EffectiveRateLimitView,
  EndpointLimitsView,
  KeyUsageView,
  LimitSettingView,
} from './dto/effective-limits.view';
import { KeyUsageRepository, type TenantLimitSettings } from './key-usage.repository';

const DAY_MS = 86_400_000;

/**
 * What limits a key's calls: every request limit per endpoint and every budget, with their current
 * state and the one that binds, and the key's calls over time. It never decides anything itself:
 * the caller is built as verification builds it (KeysService.callerOf), the limits are the gateway
 * check's own list (RateLimitService.callLimits, peeked without charging) and the budgets its own
 * (BudgetsService.callerBudgets), so the report cannot drift from what the gateway enforces.
 */
@Injectable()
export class EffectiveLimitsService {
  constructor(
    private readonly keys: KeysService,
    private readonly catalog: CatalogService,
    private readonly rateLimits: RateLimitService,
    private readonly budgets: BudgetsService,
    private readonly repository: KeyUsageRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The key's limits and budgets; with a tenant, only its own key (404 otherwise, as for an unknown id). */
  async forKey(keyId: string, tenantId: string | undefined, slug?: string): Promise<EffectiveLimitsView> {
    const caller = await this.callerOf(keyId, tenantId);
    const endpoints = this.endpointsOf(caller, slug);
    const [peeked, budgets, settings] = await Promise.all([
      Promise.all(endpoints.map((e) => this.rateLimits.peekCall(caller, e))),
      this.budgets.callerBudgets(caller, this.clock.now()),
      this.repository.tenantSettings(caller.tenantId),
    ]);
    const now = this.clock.nowMs();
    return {
      key_id: caller.keyId,
      window_seconds: this.config.RATE_LIMIT_WINDOW_SECONDS,
      endpoints: endpoints.map((endpoint, i): EndpointLimitsView => {
        const { limits, states, binding } = peeked[i];
        return {
          slug: endpoint.slug,
          category: endpoint.category,
          limits: limits.map((limit, j) => this.limitView(caller, endpoint, settings, limit, states[j], j === binding, now)),
          binding: limits[binding].name,
        };
      }),
      budgets: (budgets?.states ?? []).map((s, i): EffectiveBudgetView => ({
        budget_id: s.budget.id,
        subject: s.budget.subject,
        subject_id: s.budget.subjectId,
        period: s.budget.period,
        cap_usd: picoUsdToDecimalString(s.budget.capPicoUsd),
        spent_usd: picoUsdToDecimalString(s.spentPicoUsd),
        held_usd: picoUsdToDecimalString(s.heldPicoUsd),
        remaining_usd: picoUsdToDecimalString(s.roomPicoUsd > 0n ? s.roomPicoUsd : 0n),
        period_start: s.periodStart.toISOString(),
        resets_at: s.resetsAt?.toISOString() ?? null,
        binding: i === budgets!.binding,
      })),
      plan:
        settings.planName === null
          ? null
          : {
              name: settings.planName,
              limit: settings.planRateLimit,
              default_monthly_cap_usd:
                settings.planDefaultMonthlyCapPicoUsd === null ? null : picoUsdToDecimalString(settings.planDefaultMonthlyCapPicoUsd),
            },
    };
  }

  /** The key's calls per UTC day of the period, every day listed (zeros where it made none). */
  async usage(keyId: string, tenantId: string | undefined, query: ReportPeriodQuery): Promise<KeyUsageView> {
    const caller = await this.callerOf(keyId, tenantId);
    const { from, to } = ReportPeriodQuery.period(query, this.clock.nowMs());
    const rows = await this.repository.days(caller.tenantId, caller.keyId, from, to);
    const byDay = new Map(rows.map((r) => [r.day.getTime(), r]));
    const days: KeyUsageView['days'] = [];
    for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
      const row = byDay.get(t);
      days.push({
        day: new Date(t).toISOString().slice(0, 10),
        calls: Number(row?.calls ?? 0n),
        errors: Number(row?.errors ?? 0n),
        customer_price_usd: picoUsdToDecimalString(row?.customerPricePicoUsd ?? 0n),
        resale_usd: picoUsdToDecimalString(row?.resalePicoUsd ?? 0n),
      });
    }
    return { from: from.toISOString(), to: to.toISOString(), days };
  }

  private async callerOf(keyId: string, tenantId: string | undefined): Promise<Caller> {
    const caller = await this.keys.callerOf(keyId, tenantId);
    if (!caller) throw new GatewayError('resource_not_found', 'No such key.');
    return caller;
  }

  /** The enabled endpoints the key may call (as the gateway's access check lets through), by slug; or the one asked for. */
  private endpointsOf(caller: Caller, slug: string | undefined): CatalogEntry[] {
    const callable = this.catalog
      .list()
      .filter((e) => e.enabled && mayCall(caller, e))
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    if (slug === undefined) return callable;
    const one = callable.find((e) => e.slug === slug);
    if (!one) throw new GatewayError('resource_not_found', 'This key may not call an endpoint of that slug (or there is none).', { slug });
    return [one];
  }

  private limitView(
    caller: Caller,
    endpoint: CatalogEntry,
    settings: TenantLimitSettings,
    limit: CallLimit,
    state: BucketState,
    binding: boolean,
    now: number,
  ): EffectiveRateLimitView {
    return {
      name: limit.name,
      limit: state.limit,
      window_seconds: this.config.RATE_LIMIT_WINDOW_SECONDS,
      used: state.limit - state.remaining,
      remaining: state.remaining,
      resets_at: state.remaining < state.limit ? new Date(Math.max(state.resetAtMs, now)).toISOString() : null,
      binding,
      set_by: settingsOf(caller, endpoint, settings, limit),
    };
  }
}

/** The settings whose smallest is a limit's figure, each marked whether it is the one counted. */
function settingsOf(caller: Caller, endpoint: CatalogEntry, settings: TenantLimitSettings, limit: CallLimit): LimitSettingView[] {
  const figure = limit.bucket.limit;
  switch (limit.name) {
    case 'endpoint': {
      const origin = endpointLimitOrigin(caller, endpoint);
      const parts: LimitSettingView[] = [
        { source: 'catalog_default', limit: endpoint.defaultRateLimit, applies: origin.source === 'catalog_default' },
      ];
      if (endpoint.endpointRateLimit !== null)
        parts.push({ source: 'endpoint_override', limit: endpoint.endpointRateLimit, applies: origin.source === 'endpoint_override' });
      if (caller.keyRateLimit !== null)
        parts.push({ source: 'key_override', limit: caller.keyRateLimit, applies: origin.source === 'key_override' });
      if (origin.tenants !== null) parts.push({ source: 'key_per_slug', limit: origin.tenants, applies: origin.source === 'key_per_slug' });
      return parts;
    }
    case 'key':
      return [{ source: 'key', limit: figure, applies: true }];
    case 'customer_endpoint':
      return [{ source: 'customer_per_slug', limit: figure, applies: true }];
    case 'customer':
      return [{ source: 'customer', limit: figure, applies: true }];
    case 'tenant': {
      // The Caller holds only the smaller of the two (toCaller): which one it is, the tenant's first.
      const parts: LimitSettingView[] = [];
      let counted = false;
      const add = (source: 'tenant' | 'plan', value: number | null) => {
        if (value === null) return;
        const applies = !counted && value === figure;
        counted ||= applies;
        parts.push({ source, limit: value, applies });
      };
      add('tenant', settings.tenantRateLimit);
      add('plan', settings.planRateLimit);
      return parts.length > 0 ? parts : [{ source: 'tenant', limit: figure, applies: true }];
    }
  }
}
