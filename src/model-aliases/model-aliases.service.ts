import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { GatewayError } from '../common/errors/error-catalog';
import { EVENT_BUS, EventBus } from '../redis/event-bus';
import { ALIAS_PATTERN, aliasProblem, targetProblem } from './alias-rules';
import { ModelAliasesRepository, type StoredModelAlias } from './model-aliases.repository';

const CHANGED_CHANNEL = 'model-aliases.changed';
/** Safety net for a missed change message (e.g. during a Redis reconnect). */
const PERIODIC_RELOAD_MS = 60_000;

/** The aliases as held in memory: by alias, and each target's aliases (by alias). */
interface AliasTable {
  byAlias: ReadonlyMap<string, StoredModelAlias>;
  byTarget: ReadonlyMap<string, readonly string[]>;
}

const EMPTY: AliasTable = { byAlias: new Map(), byTarget: new Map() };

/**
 * The operator's model aliases (`gpt-4o-mini` → `text.generate/gpt-4o-mini`), held in memory like the
 * catalog: resolve() runs on the request path and never reads Postgres. Every change made through
 * this service is broadcast, and every gateway process reloads its copy. A target is checked
 * against the catalog when it is set, never after: one that disappears later names nothing.
 */
@Injectable()
export class ModelAliasesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ModelAliasesService.name);
  /** Reads started, and the latest read (or change) applied: see reload(). */
  private reads = 0;
  private applied = 0;
  private table: AliasTable = EMPTY;
  private reloadTimer?: NodeJS.Timeout;

  constructor(
    private readonly repository: ModelAliasesRepository,
    private readonly catalog: CatalogService,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    await this.bus.subscribe(CHANGED_CHANNEL, () => {
      this.reload().catch((err: Error) => this.logger.error(`Model alias reload failed: ${err.message}`));
    });
    // Back from a lost subscription: changes broadcast in between were missed.
    this.bus.onListeningChange((listening) => {
      if (listening) this.reload().catch((err: Error) => this.logger.error(`Model alias reload failed: ${err.message}`));
    });
    this.reloadTimer = setInterval(() => {
      this.reload().catch((err: Error) => this.logger.warn(`Periodic model alias reload failed: ${err.message}`));
    }, PERIODIC_RELOAD_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.reloadTimer);
  }

  /** The canonical model id the alias stands for, or undefined when it is no alias (exact, case-sensitive). */
  resolve(alias: string): string | undefined {
    return this.table.byAlias.get(alias)?.target;
  }

  /** The aliases pointing at a canonical model id, by alias. */
  aliasesOf(target: string): readonly string[] {
    return this.table.byTarget.get(target) ?? [];
  }

  /** Every alias as held in memory, by alias. */
  list(): readonly StoredModelAlias[] {
    return [...this.table.byAlias.values()];
  }

  /** Every alias as stored, by alias (the operator's view: what another process changed a moment ago included). */
  async listStored(): Promise<StoredModelAlias[]> {
    return inAliasOrder(await this.repository.findAll());
  }

  /** Whether the target names a price of the catalog now (a stored alias's target may have disappeared since). */
  targetExists(target: string): boolean {
    return targetProblem(target, (slug) => this.catalog.find(slug)) === null;
  }

  /** Creates the alias, or points it at a new target; 400 invalid_request unless both are valid (alias-rules.ts). */
  async set(alias: string, target: string): Promise<StoredModelAlias> {
    const problem = aliasProblem(alias) ?? targetProblem(target, (slug) => this.catalog.find(slug));
    if (problem) throw new GatewayError('invalid_request', problem);
    const row = await this.repository.set(alias, target);
    await this.changed((aliases) => aliases.set(alias, row), alias);
    return row;
  }

  /** 404 resource_not_found when there is no such alias. */
  async remove(alias: string): Promise<void> {
    // One that could never be set is absent: nothing else (a NUL, which Postgres text cannot hold) reaches a query.
    if (!ALIAS_PATTERN.test(alias) || !(await this.repository.remove(alias)))
      throw new GatewayError('resource_not_found', `There is no model alias ${alias}.`);
    await this.changed((aliases) => aliases.delete(alias), alias);
  }

  /**
   * Reloads run concurrently (timer, change message, resubscription): a slow one that read the
   * aliases before a change must not overwrite what a later read (or the change itself) put in.
   */
  async reload(): Promise<void> {
    const read = ++this.reads;
    const rows = await this.repository.findAll();
    if (read < this.applied) return;
    this.applied = read;
    this.table = tableOf(rows);
  }

  private async changed(change: (aliases: Map<string, StoredModelAlias>) => void, alias: string): Promise<void> {
    // Reloads that read the aliases before this change are stale now.
    this.applied = ++this.reads;
    const aliases = new Map(this.table.byAlias);
    change(aliases);
    this.table = tableOf([...aliases.values()]);
    await this.bus.publish(CHANGED_CHANNEL, alias);
  }
}

/** In code-point order of the alias, in memory and stored alike (whatever Postgres's collation). */
function inAliasOrder(rows: readonly StoredModelAlias[]): StoredModelAlias[] {
  return [...rows].sort((a, b) => (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0));
}

function tableOf(rows: readonly StoredModelAlias[]): AliasTable {
  const sorted = inAliasOrder(rows);
  const byTarget = new Map<string, string[]>();
  for (const row of sorted) {
    const aliases = byTarget.get(row.target);
    if (aliases) aliases.push(row.alias);
    else byTarget.set(row.target, [row.alias]);
  }
  return { byAlias: new Map(sorted.map((row) => [row.alias, row])), byTarget };
}
