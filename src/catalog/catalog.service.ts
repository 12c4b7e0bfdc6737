import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ActivityLog } from '../activity/activity-log.repository';
import type { Actor } from '../activity/actor';
import { GatewayError } from '../common/errors/error-catalog';
import { EVENT_BUS, EventBus } from '../redis/event-bus';
import type { CatalogEntry, Pricing } from './catalog-entry';
import { CATEGORY_BILLING_UNIT } from './billing-units';
import type { BillingUnit } from '../generated/prisma/enums';
import type { EndpointChanges, EndpointDefinition, MeterPriceDefinition, ModelDefinition, NewEndpoint } from './endpoint';
import { toUpstreamTarget, type UpstreamDefinition, type UpstreamTarget } from './upstream';
import { isUpstreamSecretEnv } from './upstream-secret';
import { catalogActivity } from './catalog-activity';
import { CatalogChangeHook, CatalogRepository, StoredEndpoint, StoredEndpointCreate, StoredModelDefinition } from './catalog.repository';
import { meterPricesOf, meterPricings } from './meter-prices';
import { DEFAULT_METER } from './meters';
import { parseSlug } from './slug';

const CHANGED_CHANNEL = 'catalog.changed';
/**
 * Safety net for a missed change message (e.g. during a Redis reconnect): the catalog is read
 * again when its fingerprint changed since the last whole read.
 */
const PERIODIC_CHECK_MS = 60_000;

/**
 * The catalog, held in memory: the request path never reads Postgres for it. Every change made
 * through this service is broadcast with its slug, and every gateway process reads that endpoint
 * again (one endpoint's read, whatever the size of the catalog: a script changing each of 2,000
 * endpoints costs every process 2,000 small reads, not 2,000 reads of the whole catalog). The whole
 * catalog is read at start, when a lost subscription comes back, and, as a safety net, every minute
 * in which its fingerprint (CatalogRepository.fingerprint) moved: a catalog nobody changes is not
 * read again, which at 2,000 endpoints held each process's event loop for tens of milliseconds a
 * minute.
 */
@Injectable()
export class CatalogService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogService.name);
  /** Reads started (whole or one endpoint), and the latest whole read applied: see reload(). */
  private reads = 0;
  private applied = 0;
  /**
   * The latest read (or change) of one endpoint applied, by slug, while newer than the latest whole
   * read applied: a whole read that started before it must keep that entry. At most one per slug.
   */
  private readonly appliedOne = new Map<string, number>();
  /** Changes applied to `entries` (whole or one endpoint), and the index by id as of one of them. */
  private changes = 0;
  private byId: { at: number; entries: Map<string, CatalogEntry> } | null = null;
  private entries = new Map<string, CatalogEntry>();
  private reloadTimer?: NodeJS.Timeout;
  /** The fingerprint taken before the latest whole read applied: what that read holds, at least. */
  private fingerprint: string | null = null;

  constructor(
    private readonly repository: CatalogRepository,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * The activity log's writer for an operator's change (its prices, models' prices and limits, in
   * the change's transaction); none for the seed, which changes nothing an operator set.
   */
  private logFor(actor: Actor | undefined): CatalogChangeHook | undefined {
    if (!actor) return undefined;
    return async (tx, before, after) => {
      for (const change of catalogActivity(before, after)) await this.activity.record(tx, actor, change);
    };
  }

  async onModuleInit(): Promise<void> {
    await this.reload();
    await this.bus.subscribe(CHANGED_CHANNEL, (slug) => {
      this.reloadOne(slug).catch((err: Error) => this.logger.error(`Catalog reload of ${slug} failed: ${err.message}`));
    });
    // Back from a lost subscription: changes broadcast in between were missed.
    this.bus.onListeningChange((listening) => {
      if (listening) this.reload().catch((err: Error) => this.logger.error(`Catalog reload failed: ${err.message}`));
    });
    this.reloadTimer = setInterval(() => {
      this.reloadIfChanged().catch((err: Error) => this.logger.warn(`Periodic catalog reload failed: ${err.message}`));
    }, PERIODIC_CHECK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.reloadTimer);
  }

  /** The in-memory entry for a slug, or undefined. */
  find(slug: string): CatalogEntry | undefined {
    return this.entries.get(slug);
  }

  list(): CatalogEntry[] {
    return [...this.entries.values()];
  }

  /**
   * The in-memory entry with this id, or undefined (audit records keep endpoint ids): the index is
   * rebuilt on the first look-up after a change, so each look-up costs O(1), not a walk of the catalog.
   */
  findById(id: string): CatalogEntry | undefined {
    if (this.byId?.at !== this.changes) {
      this.byId = { at: this.changes, entries: new Map([...this.entries.values()].map((e) => [e.id, e])) };
    }
    return this.byId.entries.get(id);
  }

  /**
   * Reads the whole catalog again. Reads run concurrently (timer, change messages, resubscription):
   * a slow one that started before a later whole read is dropped, and an endpoint read again (or
   * changed here) after it started keeps that newer entry.
   */
  async reload(): Promise<void> {
    const read = ++this.reads;
    // Taken first: a change that commits after it and before the rows are read moves it, and costs
    // one more whole read at the next check, never a missed change.
    const fingerprint = await this.repository.fingerprint();
    const rows = await this.repository.findAll();
    if (read < this.applied) return;
    this.applied = read;
    this.fingerprint = fingerprint;
    const entries = new Map(rows.map((row) => [row.slug, toEntry(row)]));
    for (const [slug, applied] of this.appliedOne) {
      if (applied < read) {
        this.appliedOne.delete(slug);
        continue;
      }
      const newer = this.entries.get(slug);
      if (newer) entries.set(slug, newer);
      else entries.delete(slug);
    }
    this.entries = entries;
    this.changes++;
  }

  /**
   * Reads the whole catalog again if anything in it changed since the latest whole read: the
   * periodic check. A change this process already applied by its message still moves the
   * fingerprint, and costs one whole read at the next check. True when it read.
   */
  async reloadIfChanged(): Promise<boolean> {
    if ((await this.repository.fingerprint()) === this.fingerprint) return false;
    await this.reload();
    return true;
  }

  /**
   * Reads one endpoint again (a change message named it). Dropped when a read of the whole catalog,
   * or of this endpoint, started after it and was applied first.
   */
  async reloadOne(slug: string): Promise<void> {
    const read = ++this.reads;
    const row = await this.repository.findBySlug(slug);
    this.applyOne(slug, row ? toEntry(row) : undefined, read);
  }

  private applyOne(slug: string, entry: CatalogEntry | undefined, read: number): void {
    if (read < this.applied || read < (this.appliedOne.get(slug) ?? 0)) return;
    this.appliedOne.set(slug, read);
    if (entry) this.entries.set(slug, entry);
    else this.entries.delete(slug);
    this.changes++;
  }

  /** A new endpoint; its billing unit follows from the slug's category (the spec's table). */
  async create(input: NewEndpoint, upstreams: UpstreamDefinition[], models: ModelDefinition[] = [], actor?: Actor): Promise<CatalogEntry> {
    const parsed = parseSlug(input.slug);
    if (!parsed) throw new GatewayError('invalid_request', 'slug must be <category>.<operation> with a known category.');
    checkModels(models, upstreams);
    const billingUnit = CATEGORY_BILLING_UNIT[parsed.category];
    const { prices: _prices, wholesalePicoUsdPerUnit: _wholesale, resalePicoUsdPerUnit: _resale, ...fields } = input;
    try {
      const row = await this.repository.create(
        { ...fields, category: parsed.category, billingUnit, prices: meterPricesOf(billingUnit, input) },
        upstreams,
        storedModels(billingUnit, models),
        this.logFor(actor),
      );
      return await this.changed(row);
    } catch (err) {
      // The unique index on slug decides, even between two operators creating at once.
      if ((err as { code?: string }).code === 'P2002') throw new GatewayError('conflict', `The slug ${input.slug} already exists.`);
      throw err;
    }
  }

  /** Changes an endpoint; a price given replaces its own price (see EndpointChanges). */
  async update(slug: string, changes: EndpointChanges, actor?: Actor): Promise<CatalogEntry> {
    const stored = await this.requireStored(slug);
    const { prices, wholesalePicoUsdPerUnit, resalePicoUsdPerUnit, ...fields } = changes;
    let newPrices: MeterPriceDefinition[] | undefined;
    if (prices !== undefined) newPrices = meterPricesOf(stored.billingUnit, { prices });
    else if (wholesalePicoUsdPerUnit !== undefined || resalePicoUsdPerUnit !== undefined) {
      newPrices = [changedUnitPrice(stored, wholesalePicoUsdPerUnit, resalePicoUsdPerUnit)];
    }
    const row = await this.repository.update(slug, fields, newPrices, this.logFor(actor));
    return this.changed(row);
  }

  async setEndpointLimit(slug: string, requestsPerWindow: number | null, actor?: Actor): Promise<CatalogEntry> {
    const row = await this.requireStored(slug);
    await this.repository.setEndpointLimit(row.id, requestsPerWindow, this.logFor(actor));
    return this.changed(await this.requireStored(slug));
  }

  async replaceUpstreams(slug: string, upstreams: UpstreamDefinition[]): Promise<CatalogEntry> {
    const row = await this.requireStored(slug);
    checkModels(row.models, upstreams);
    await this.repository.replaceUpstreams(row.id, upstreams);
    return this.changed(await this.requireStored(slug));
  }

  /** Replaces the models a caller may choose (empty: the endpoint has one price again). */
  async replaceModels(slug: string, models: ModelDefinition[], actor?: Actor): Promise<CatalogEntry> {
    const row = await this.requireStored(slug);
    checkModels(models, row.upstreams);
    await this.repository.replaceModels(row.id, storedModels(row.billingUnit, models), this.logFor(actor));
    return this.changed(await this.requireStored(slug));
  }

  /** Every endpoint as stored, by slug (the operator's view: disabled upstreams included). */
  listStored(): Promise<StoredEndpoint[]> {
    return this.repository.findAll();
  }

  /** Reads the entry from Postgres (admin reads want the stored truth, including disabled upstreams). */
  async requireStored(slug: string): Promise<StoredEndpoint> {
    const row = await this.repository.findBySlug(slug);
    if (!row) throw new GatewayError('endpoint_not_found');
    return row;
  }

  private async changed(row: StoredEndpoint): Promise<CatalogEntry> {
    const entry = toEntry(row);
    // Reads that started before this change are stale for this endpoint now.
    this.applyOne(entry.slug, entry, ++this.reads);
    await this.bus.publish(CHANGED_CHANNEL, entry.slug);
    return entry;
  }
}

/** Model names are unique, and an upstream's serves_model names one of them. */
function checkModels(models: Array<{ name: string }>, upstreams: Array<{ name: string; servesModel: string | null }>): void {
  const names = new Set(models.map((m) => m.name));
  if (names.size !== models.length) throw new GatewayError('invalid_request', 'Model names must be unique.');
  const problems = upstreams
    .filter((u) => u.servesModel !== null && !names.has(u.servesModel))
    .map((u) => `upstream ${u.name} serves_model ${u.servesModel} is not one of the endpoint's models`);
  if (problems.length) throw new GatewayError('invalid_request', problems.join('; '), { problems, allowed_models: [...names] });
}

/** A whole definition (the seed's, a test's) as stored: its price as meter rows (checked: meterPricesOf). */
export function storedEndpoint(definition: EndpointDefinition): StoredEndpointCreate {
  const { prices: _p, wholesalePicoUsdPerUnit: _w, resalePicoUsdPerUnit: _r, ...fields } = definition;
  return { ...fields, prices: meterPricesOf(definition.billingUnit, definition) };
}

/** The models with their prices as meter rows (each checked: meterPricesOf). */
export function storedModels(unit: BillingUnit, models: ModelDefinition[]): StoredModelDefinition[] {
  return models.map(({ prices: _p, wholesalePicoUsdPerUnit: _w, resalePicoUsdPerUnit: _r, ...model }, i) => ({
    ...model,
    prices: meterPricesOf(unit, models[i], `model ${model.name}`),
  }));
}

/**
 * The shorthand change of a price in the slug's billing unit: either side of its one meter. An
 * endpoint priced in other meters has no such price to change: its prices are replaced whole.
 */
function changedUnitPrice(stored: StoredEndpoint, wholesale: bigint | undefined, resale: bigint | undefined): MeterPriceDefinition {
  const meter = DEFAULT_METER[stored.billingUnit];
  const current = stored.prices.length === 1 && stored.prices[0].meter === meter ? stored.prices[0] : undefined;
  if (!current) {
    throw new GatewayError(
      'invalid_request',
      `${stored.slug} is priced per meter (${stored.prices.map((p) => p.meter).join(', ')}): change its prices with "prices".`,
    );
  }
  return {
    meter,
    wholesalePicoUsdPerUnit: wholesale ?? current.wholesalePicoUsdPerUnit,
    resalePicoUsdPerUnit: resale ?? current.resalePicoUsdPerUnit,
  };
}

/**
 * An upstream calls are sent to: enabled, and holding its secret when it names one. An upstream
 * whose UPSTREAM_SECRET_* variable is unset or empty could only be refused by its provider, so it
 * is skipped as if disabled (the seeded provider upstreams wait so for the operator to set theirs);
 * setting the variable (and restarting, as for any variable) brings it in.
 */
export function isUsable(upstream: { enabled: boolean; authSecretEnv: string | null }): boolean {
  if (!upstream.enabled) return false;
  const secret = upstream.authSecretEnv;
  return secret === null || !isUpstreamSecretEnv(secret) || Boolean(process.env[secret]);
}

export function toEntry(row: StoredEndpoint): CatalogEntry {
  const upstreams: UpstreamTarget[] = row.upstreams.filter(isUsable).map(toUpstreamTarget);
  const pricing = (model: string | null, prices: MeterPriceDefinition[], maxOutputTokens: number | null): Pricing => ({
    model,
    meters: meterPricings(row.billingUnit, prices, row.maxQuantityPerCall),
    maxOutputTokens: maxOutputTokens === null ? null : BigInt(maxOutputTokens),
    // An upstream without serves_model serves every model of its endpoint.
    upstreams: model === null ? upstreams : upstreams.filter((u) => u.servesModel === null || u.servesModel === model),
  });
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    operation: row.slug.slice(row.slug.indexOf('.') + 1),
    billingUnit: row.billingUnit,
    description: row.description,
    maxQuantityPerCall: row.maxQuantityPerCall,
    defaultRateLimit: row.defaultRateLimit,
    endpointRateLimit: row.limit?.requestsPerWindow ?? null,
    declaredLatencyMs: row.declaredLatencyMs,
    streamable: row.streamable,
    enabled: row.enabled,
    upstreams,
    pricing: pricing(null, row.prices, row.maxOutputTokens),
    models: row.models.map((m) => pricing(m.name, m.prices, m.maxOutputTokens ?? row.maxOutputTokens)),
    createdAt: row.createdAt,
  };
}
