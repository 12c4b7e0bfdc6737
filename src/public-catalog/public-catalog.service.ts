import { Inject, Injectable } from '@nestjs/common';
import { AuditQueryService } from '../audit/audit-query.service';
import { CatalogService } from '../catalog/catalog.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PlanView } from '../plans/dto/plan.view';
import { PlansService } from '../plans/plans.service';
import { PublicCatalogView, PublicEndpointView, PublicPlansView } from './dto/public-catalog.view';

/** How long a process reuses the measured latencies: they move slowly, and the page is public. */
const LATENCY_CACHE_MS = 60_000;

/** What the website publishes: the catalog with prices and latencies, and the public plans. */
@Injectable()
export class PublicCatalogService {
  private latencies: { at: number; values: Promise<Map<string, { p50Ms: number }>> } | null = null;

  constructor(
    private readonly catalog: CatalogService,
    private readonly audit: AuditQueryService,
    private readonly plans: PlansService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async catalogView(): Promise<PublicCatalogView> {
    const latencies = await this.measuredLatencies();
    const entries = this.catalog
      .list()
      .filter((e) => e.enabled)
      .sort((a, b) => a.slug.localeCompare(b.slug));
    return { data: entries.map((e) => PublicEndpointView.from(e, latencies.get(e.id)?.p50Ms ?? null)) };
  }

  async plansView(): Promise<PublicPlansView> {
    const plans = (await this.plans.listPublic()).sort((a, b) => (a.monthlyFeePicoUsd < b.monthlyFeePicoUsd ? -1 : 1));
    return { data: plans.map(PlanView.from), rate_limit_window_seconds: this.config.RATE_LIMIT_WINDOW_SECONDS };
  }

  private measuredLatencies(): Promise<Map<string, { p50Ms: number }>> {
    const now = Date.now();
    if (!this.latencies || now - this.latencies.at > LATENCY_CACHE_MS) {
      const values = this.audit.measuredLatencies();
      this.latencies = { at: now, values };
      // A failed read is retried by the next request rather than cached.
      values.catch(() => (this.latencies = null));
    }
    return this.latencies.values;
  }
}
