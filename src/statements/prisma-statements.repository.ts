import { Injectable } from '@nestjs/common';
import { NONE_ID } from '../audit/audit-rollups';
import { byMeterOrder } from '../audit/meter-lines';
import { decodeCursor } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { BillingUnit, Category, Meter } from '../generated/prisma/enums';
import type { Db } from '../jobs/job-queue';
import { feeOf, type PlanFeeLine } from '../plans/plan-fees';
import type { StatementAdjustment, StatementLine, StatementMeterLine, StatementSlugLine, UsageSums } from './statement';
import { ZERO_SUMS } from './statement';
import { addMonths, monthDay } from './statement-month';
import {
  ClosedTenantStatement,
  StatementScope,
  StatementsRepository,
  StoredStatement,
  StoredStatementSummary,
} from './statements.repository';

/**
 * StatementsRepository on Postgres: the statements' tables, and the set-based SQL that closes a
 * month and reconciles closed ones from the daily rollups (never the raw audit trail). Tenants (and
 * customers) are those that exist: usage under an id that is no tenant (the nil UUID of keyless
 * calls) is in no statement.
 *
 * Scopes: inside these statements a tenant's own statement has the nil UUID as its scope and a
 * customer's statement its customer id (the rows store null and the id). The tenant's own keys'
 * usage (customer nil in the rollups) is only in the tenant's statement, which covers everything.
 */

/** The advisory lock every close and reconciliation holds for its transaction (an arbitrary constant). */
const STATEMENTS_LOCK = 7_316_040_422n;
/** A month's close or reconciliation at volume is a few set-based statements; this bounds a stuck one. */
const TRANSACTION_TIMEOUT_MS = 15 * 60_000;

const none = Prisma.raw(`'${NONE_ID}'::uuid`);

/** The summed columns of rollups, statements, lines and adjustments, in this order everywhere. */
const SUMMED = ['calls', 'errors', 'quantity', 'wholesale_pico_usd', 'resale_pico_usd', 'customer_price_pico_usd'] as const;
const columns = (prefix = '') => Prisma.raw(SUMMED.map((c) => `${prefix}${c}`).join(', '));
const sums = (prefix = '') => Prisma.raw(SUMMED.map((c) => `sum(${prefix}${c}) AS ${c}`).join(', '));
const zeros = Prisma.raw(SUMMED.map((c) => `0 AS ${c}`).join(', '));
const asText = (prefix = '') => Prisma.raw(SUMMED.map((c) => `${prefix}${c}::text AS ${c}`).join(', '));

/** The summed columns of the meter rollup and of meter lines: a meter has no calls of its own. */
const METER_SUMMED = ['quantity', 'wholesale_pico_usd', 'resale_pico_usd', 'customer_price_pico_usd'] as const;
const meterColumns = (prefix = '') => Prisma.raw(METER_SUMMED.map((c) => `${prefix}${c}`).join(', '));
const meterSums = (prefix = '') => Prisma.raw(METER_SUMMED.map((c) => `sum(${prefix}${c}) AS ${c}`).join(', '));

/** The days of a month, for a rollup's `day` (date) column. */
function daysOf(month: Date, column = 'day'): Prisma.Sql {
  const day = Prisma.raw(column);
  return Prisma.sql`${day} >= ${monthDay(month)}::date AND ${day} < ${monthDay(addMonths(month, 1))}::date`;
}

/** Sums as Postgres gives them as text (numeric and bigint alike). */
type SumsText = Record<(typeof SUMMED)[number], string>;

function sumsOf(row: SumsText): UsageSums {
  return {
    calls: BigInt(row.calls),
    errors: BigInt(row.errors),
    quantity: BigInt(row.quantity),
    wholesalePicoUsd: BigInt(row.wholesale_pico_usd),
    resalePicoUsd: BigInt(row.resale_pico_usd),
    customerPricePicoUsd: BigInt(row.customer_price_pico_usd),
  };
}

/** A numeric column as Prisma reads it, exactly (decimal.js prints large values in exponent form in toString()). */
function exact(value: Prisma.Decimal): bigint {
  return BigInt(value.toFixed(0));
}

type MeterSumsText = Record<(typeof METER_SUMMED)[number], string> & { meter: Meter };

type LineRow = SumsText & {
  endpoint_id: string;
  slug: string | null;
  category: Category | null;
  billing_unit: BillingUnit | null;
  meters: MeterSumsText[];
};

function lineOf(row: LineRow): StatementLine {
  return {
    endpointId: row.endpoint_id === NONE_ID ? null : row.endpoint_id,
    slug: row.slug,
    category: row.category,
    billingUnit: row.billing_unit,
    ...sumsOf(row),
    meters: row.meters
      .map((m) => ({
        meter: m.meter,
        quantity: BigInt(m.quantity),
        wholesalePicoUsd: BigInt(m.wholesale_pico_usd),
        resalePicoUsd: BigInt(m.resale_pico_usd),
        customerPricePicoUsd: BigInt(m.customer_price_pico_usd),
      }))
      .sort(byMeterOrder),
  };
}

type StoredLineRow = {
  endpointId: string;
  slug: string | null;
  category: Category | null;
  billingUnit: BillingUnit | null;
  calls: bigint;
  errors: bigint;
  quantity: Prisma.Decimal;
  wholesalePicoUsd: Prisma.Decimal;
  resalePicoUsd: Prisma.Decimal;
  customerPricePicoUsd: Prisma.Decimal;
};

function storedLine(row: StoredLineRow): StatementSlugLine {
  return {
    endpointId: row.endpointId === NONE_ID ? null : row.endpointId,
    slug: row.slug,
    category: row.category,
    billingUnit: row.billingUnit,
    ...storedSums(row),
  };
}

function storedSums(row: Omit<StoredLineRow, 'endpointId' | 'slug' | 'category' | 'billingUnit'>): UsageSums {
  return {
    calls: row.calls,
    errors: row.errors,
    quantity: exact(row.quantity),
    wholesalePicoUsd: exact(row.wholesalePicoUsd),
    resalePicoUsd: exact(row.resalePicoUsd),
    customerPricePicoUsd: exact(row.customerPricePicoUsd),
  };
}

type StoredMeterLineRow = {
  meter: Meter;
  quantity: Prisma.Decimal;
  wholesalePicoUsd: Prisma.Decimal;
  resalePicoUsd: Prisma.Decimal;
  customerPricePicoUsd: Prisma.Decimal;
};

function storedMeterLine(row: StoredMeterLineRow): StatementMeterLine {
  return {
    meter: row.meter,
    quantity: exact(row.quantity),
    wholesalePicoUsd: exact(row.wholesalePicoUsd),
    resalePicoUsd: exact(row.resalePicoUsd),
    customerPricePicoUsd: exact(row.customerPricePicoUsd),
  };
}

/** Lines by slug (calls that named no endpoint last), then endpoint. */
function bySlug(a: StatementSlugLine, b: StatementSlugLine): number {
  if (a.slug !== b.slug) return a.slug === null ? 1 : b.slug === null ? -1 : a.slug < b.slug ? -1 : 1;
  return (a.endpointId ?? '') < (b.endpointId ?? '') ? -1 : (a.endpointId ?? '') > (b.endpointId ?? '') ? 1 : 0;
}

@Injectable()
export class PrismaStatementsRepository extends StatementsRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  /**
   * Runs `work` in a transaction holding the statements' advisory lock: closes and reconciliations
   * take turns, whichever process runs them, so each sees what the previous one committed (the
   * unique indexes would refuse a second set of statements anyway).
   */
  locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${STATEMENTS_LOCK})`;
        return work(tx);
      },
      { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 60_000 },
    );
  }

  /** The latest closed month; null before the first close. */
  async lastClosedMonth(db: Db = this.prisma): Promise<Date | null> {
    const last = await db.statementMonth.findFirst({ orderBy: { month: 'desc' }, select: { month: true } });
    return last?.month ?? null;
  }

  /**
   * The month of the oldest usage of a tenant in the rollups, or of the oldest paid plan a tenant
   * held, whichever is first; null when there is neither. Usage under no tenant (calls without a
   * valid key) or an unknown one makes no statement, so it starts none.
   */
  async firstUsageMonth(db: Db): Promise<Date | null> {
    const [row] = await db.$queryRaw<Array<{ month: string | null }>>`
      SELECT to_char(least(
        (SELECT min(u.day) FROM usage_daily_by_tenant u WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = u.tenant_id)),
        (SELECT min(a.effective_from AT TIME ZONE 'UTC')::date FROM plan_assignments a WHERE a.plan_id IS NOT NULL AND a.monthly_fee_pico_usd > 0)
      ), 'YYYY-MM-01') AS month`;
    return row?.month ? new Date(`${row.month}T00:00:00.000Z`) : null;
  }

  /** The latest `count` closed months, newest first. */
  async recentClosedMonths(db: Db, count: number): Promise<Date[]> {
    const rows = await db.statementMonth.findMany({ orderBy: { month: 'desc' }, take: count, select: { month: true } });
    return rows.map((r) => r.month);
  }

  /**
   * Closes `month`: marks it closed and writes, in one statement (one snapshot of the rollups), a
   * statement per tenant with usage in it, adjustments to carry or a plan fee (`fees`: the month's
   * fee lines by tenant), one per customer with usage or adjustments, and their lines per endpoint
   * with the catalog's slug, category and unit of now, and each line's meter lines (from the meter
   * rollup in that same snapshot, so their amounts sum to the line's exactly; a meter row of a scope
   * and endpoint is always beside a usage row, the batch statement writing both); then the tenants'
   * fee lines.
   * Returns how many statements it wrote. The month's row is the primary key a second closer would
   * collide on.
   */
  async closeMonth(tx: Db, month: Date, closedAt: Date, fees: ReadonlyMap<string, readonly PlanFeeLine[]>): Promise<number> {
    await tx.statementMonth.create({ data: { month, closedAt, hasMeterLines: true } });
    const day = monthDay(month);
    const feeTenants = [...fees.keys()];
    const feeTotals = feeTenants.map((tenant) => feeOf(fees.get(tenant)!).toString());
    await tx.$executeRaw`
      WITH usage AS (
        SELECT u.tenant_id, u.customer_id, u.endpoint_id, ${sums('u.')}
        FROM usage_daily u JOIN tenants t ON t.id = u.tenant_id
        WHERE ${daysOf(month, 'u.day')}
        GROUP BY 1, 2, 3
      ),
      scoped AS (
        SELECT tenant_id, ${none} AS scope, endpoint_id, ${sums()} FROM usage GROUP BY 1, 3
        UNION ALL
        SELECT u.tenant_id, u.customer_id AS scope, u.endpoint_id, ${columns('u.')}
        FROM usage u JOIN customers c ON c.tenant_id = u.tenant_id AND c.id = u.customer_id
      ),
      meter_usage AS (
        SELECT m.tenant_id, m.customer_id, m.endpoint_id, m.meter, ${meterSums('m.')}
        FROM usage_daily_by_meter m JOIN tenants t ON t.id = m.tenant_id
        WHERE ${daysOf(month, 'm.day')}
        GROUP BY 1, 2, 3, 4
      ),
      meter_scoped AS (
        SELECT tenant_id, ${none} AS scope, endpoint_id, meter, ${meterSums()} FROM meter_usage GROUP BY 1, 3, 4
        UNION ALL
        SELECT u.tenant_id, u.customer_id AS scope, u.endpoint_id, u.meter, ${meterColumns('u.')}
        FROM meter_usage u JOIN customers c ON c.tenant_id = u.tenant_id AND c.id = u.customer_id
      ),
      carried AS (
        SELECT DISTINCT tenant_id, coalesce(customer_id, ${none}) AS scope, ${zeros}
        FROM statement_adjustments WHERE statement_month = ${day}::date
      ),
      fees AS (
        SELECT f.tenant_id, f.fee FROM unnest(${feeTenants}::uuid[], ${feeTotals}::numeric[]) AS f(tenant_id, fee)
        JOIN tenants t ON t.id = f.tenant_id
      ),
      written AS (
        INSERT INTO statements (id, tenant_id, customer_id, month, created_at, ${columns()}, plan_fee_pico_usd)
        SELECT gen_random_uuid(), s.tenant_id, nullif(s.scope, ${none}), ${day}::date, ${closedAt}, ${sums('s.')}, coalesce(f.fee, 0)
        FROM (
          SELECT tenant_id, scope, ${columns()} FROM scoped
          UNION ALL SELECT * FROM carried
          UNION ALL SELECT tenant_id, ${none}, ${zeros} FROM fees
        ) AS s
        LEFT JOIN fees f ON f.tenant_id = s.tenant_id AND s.scope = ${none}
        GROUP BY s.tenant_id, s.scope, f.fee
        RETURNING id, tenant_id, coalesce(customer_id, ${none}) AS scope
      ),
      lined AS (
        INSERT INTO statement_lines (statement_id, endpoint_id, slug, category, billing_unit, ${columns()})
        SELECT w.id, s.endpoint_id, e.slug, e.category, e.billing_unit, ${columns('s.')}
        FROM scoped s
        JOIN written w ON w.tenant_id = s.tenant_id AND w.scope = s.scope
        LEFT JOIN catalog_endpoints e ON e.id = s.endpoint_id
        RETURNING statement_id, endpoint_id
      )
      INSERT INTO statement_meter_lines (statement_id, endpoint_id, meter, ${meterColumns()})
      SELECT w.id, s.endpoint_id, s.meter, ${meterColumns('s.')}
      FROM meter_scoped s
      JOIN written w ON w.tenant_id = s.tenant_id AND w.scope = s.scope
      JOIN lined l ON l.statement_id = w.id AND l.endpoint_id = s.endpoint_id`;
    await this.writeFeeLines(tx, month, fees);
    return tx.statement.count({ where: { month } });
  }

  /** The fee lines of the month's tenant statements just written, in one statement. */
  private async writeFeeLines(tx: Db, month: Date, fees: ReadonlyMap<string, readonly PlanFeeLine[]>): Promise<void> {
    const rows = [...fees].flatMap(([tenantId, lines]) => lines.map((line, position) => ({ tenantId, position, line })));
    if (rows.length === 0) return;
    await tx.$executeRaw`
      INSERT INTO statement_fee_lines
        (statement_id, position, plan_id, plan_name, monthly_fee_pico_usd, held_from, held_until, fee_pico_usd)
      SELECT s.id, f.position, f.plan_id, f.plan_name, f.monthly_fee, f.held_from, f.held_until, f.fee
      FROM unnest(
        ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.position)}::int[], ${rows.map((r) => r.line.planId)}::uuid[],
        ${rows.map((r) => r.line.planName)}::text[], ${rows.map((r) => r.line.monthlyFeePicoUsd.toString())}::numeric[],
        ${rows.map((r) => r.line.from)}::timestamptz[], ${rows.map((r) => r.line.until)}::timestamptz[],
        ${rows.map((r) => r.line.feePicoUsd.toString())}::numeric[]
      ) AS f(tenant_id, position, plan_id, plan_name, monthly_fee, held_from, held_until, fee)
      JOIN statements s ON s.tenant_id = f.tenant_id AND s.month = ${monthDay(month)}::date AND s.customer_id IS NULL`;
  }

  /** The tenants' own statements of a closed month, with the sums of the adjustments on each. */
  async tenantStatementsOf(tx: Db, month: Date): Promise<ClosedTenantStatement[]> {
    const day = monthDay(month);
    const rows = await tx.$queryRaw<
      Array<
        SumsText & { id: string; tenant_id: string; closed_at: Date; plan_fee: string; customer_statements: number; adjustments: SumsText }
      >
    >`
      SELECT s.id::text, s.tenant_id::text, s.created_at AS closed_at, ${asText('s.')}, s.plan_fee_pico_usd::text AS plan_fee,
        (SELECT count(*)::int FROM statements c WHERE c.month = s.month AND c.tenant_id = s.tenant_id AND c.customer_id IS NOT NULL)
          AS customer_statements,
        (SELECT json_build_object(${Prisma.raw(SUMMED.map((c) => `'${c}', coalesce(sum(a.${c}), 0)::text`).join(', '))})
          FROM statement_adjustments a
          WHERE a.statement_month = s.month AND a.tenant_id = s.tenant_id AND a.customer_id IS NULL) AS adjustments
      FROM statements s
      WHERE s.month = ${day}::date AND s.customer_id IS NULL
      ORDER BY s.tenant_id`;
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      closedAt: r.closed_at,
      usage: sumsOf(r),
      adjustments: sumsOf(r.adjustments),
      planFeePicoUsd: BigInt(r.plan_fee),
      customerStatements: r.customer_statements,
    }));
  }

  /**
   * The tenants whose rollups of a closed month no longer equal what their statement and the
   * adjustments to the month account for: the cheap first pass of reconciliation, on the per-tenant
   * rollup (a row per tenant and day), before any detail is read.
   */
  async tenantsOutOfBalance(db: Db, month: Date): Promise<string[]> {
    const day = monthDay(month);
    const rows = await db.$queryRaw<Array<{ tenant_id: string }>>`
      WITH rolled AS (
        SELECT u.tenant_id, ${sums('u.')}
        FROM usage_daily_by_tenant u JOIN tenants t ON t.id = u.tenant_id
        WHERE ${daysOf(month, 'u.day')}
        GROUP BY 1
      ),
      accounted AS (
        SELECT tenant_id, ${sums()} FROM (
          SELECT tenant_id, ${columns()} FROM statements WHERE month = ${day}::date AND customer_id IS NULL
          UNION ALL
          SELECT tenant_id, ${columns()} FROM statement_adjustments WHERE corrects_month = ${day}::date AND customer_id IS NULL
        ) AS a
        GROUP BY 1
      )
      SELECT coalesce(r.tenant_id, a.tenant_id)::text AS tenant_id
      FROM rolled r FULL JOIN accounted a ON a.tenant_id = r.tenant_id
      WHERE (${Prisma.raw(SUMMED.map((c) => `coalesce(r.${c}, 0)`).join(', '))})
        IS DISTINCT FROM (${Prisma.raw(SUMMED.map((c) => `coalesce(a.${c}, 0)`).join(', '))})`;
    return rows.map((r) => r.tenant_id);
  }

  /**
   * Records what these tenants' rollups of the closed month `corrects` differ by from what their
   * statements (tenant's and customers') and earlier adjustments account for, per scope and
   * endpoint, as adjustments on the statement of `appearsOn`. One statement: one snapshot of the
   * rollups. Returns how many adjustment rows it wrote.
   */
  recordAdjustments(tx: Db, corrects: Date, appearsOn: Date, tenantIds: string[], foundAt: Date): Promise<number> {
    const day = monthDay(corrects);
    const differs = Prisma.raw(SUMMED.map((c) => `d.${c} <> 0`).join(' OR '));
    return tx.$executeRaw`
      WITH usage AS (
        SELECT tenant_id, customer_id, endpoint_id, ${sums()}
        FROM usage_daily
        WHERE ${daysOf(corrects)} AND tenant_id = ANY(${tenantIds}::uuid[])
        GROUP BY 1, 2, 3
      ),
      rolled AS (
        SELECT tenant_id, ${none} AS scope, endpoint_id, ${sums()} FROM usage GROUP BY 1, 3
        UNION ALL
        SELECT u.tenant_id, u.customer_id AS scope, u.endpoint_id, ${columns('u.')}
        FROM usage u JOIN customers c ON c.tenant_id = u.tenant_id AND c.id = u.customer_id
      ),
      accounted AS (
        SELECT tenant_id, scope, endpoint_id, ${sums()} FROM (
          SELECT s.tenant_id, coalesce(s.customer_id, ${none}) AS scope, l.endpoint_id, ${columns('l.')}
          FROM statements s JOIN statement_lines l ON l.statement_id = s.id
          WHERE s.month = ${day}::date AND s.tenant_id = ANY(${tenantIds}::uuid[])
          UNION ALL
          SELECT tenant_id, coalesce(customer_id, ${none}), endpoint_id, ${columns()}
          FROM statement_adjustments
          WHERE corrects_month = ${day}::date AND tenant_id = ANY(${tenantIds}::uuid[])
        ) AS a
        GROUP BY 1, 2, 3
      ),
      differences AS (
        SELECT coalesce(r.tenant_id, a.tenant_id) AS tenant_id, coalesce(r.scope, a.scope) AS scope,
          coalesce(r.endpoint_id, a.endpoint_id) AS endpoint_id,
          ${Prisma.raw(SUMMED.map((c) => `coalesce(r.${c}, 0) - coalesce(a.${c}, 0) AS ${c}`).join(', '))}
        FROM rolled r FULL JOIN accounted a ON a.tenant_id = r.tenant_id AND a.scope = r.scope AND a.endpoint_id = r.endpoint_id
      )
      INSERT INTO statement_adjustments
        (id, tenant_id, customer_id, corrects_month, statement_month, created_at, endpoint_id, slug, category, billing_unit, ${columns()})
      SELECT gen_random_uuid(), d.tenant_id, nullif(d.scope, ${none}), ${day}::date, ${monthDay(appearsOn)}::date, ${foundAt},
        d.endpoint_id, e.slug, e.category, e.billing_unit, ${columns('d.')}
      FROM differences d LEFT JOIN catalog_endpoints e ON e.id = d.endpoint_id
      WHERE ${differs}`;
  }

  /** A closed statement with its lines; null when there is none. */
  async findStatement(scope: StatementScope, month: Date): Promise<StoredStatement | null> {
    // One relation after another, not one `include`: Prisma sends an include's sibling relations at
    // once on one connection (pg 9 refuses it). A statement, its lines and its month commit together.
    const statement = await this.prisma.statement.findFirst({ where: { tenantId: scope.tenantId, customerId: scope.customerId, month } });
    if (!statement) return null;
    const lines = await this.prisma.statementLine.findMany({ where: { statementId: statement.id }, include: { meterLines: true } });
    const feeLines = await this.prisma.statementFeeLine.findMany({ where: { statementId: statement.id }, orderBy: { position: 'asc' } });
    const closedMonth = await this.prisma.statementMonth.findUniqueOrThrow({
      where: { month: statement.month },
      select: { hasMeterLines: true },
    });
    const row = { ...statement, lines, feeLines, closedMonth };
    const kept = row.closedMonth.hasMeterLines;
    return {
      id: row.id,
      closedAt: row.createdAt,
      lines: row.lines
        .map((line) => ({ ...storedLine(line), meters: kept ? line.meterLines.map(storedMeterLine).sort(byMeterOrder) : null }))
        .sort(bySlug),
      planFees: row.feeLines.map((f) => ({
        planId: f.planId,
        planName: f.planName,
        monthlyFeePicoUsd: exact(f.monthlyFeePicoUsd),
        from: f.heldFrom,
        until: f.heldUntil,
        feePicoUsd: exact(f.feePicoUsd),
      })),
    };
  }

  /** The adjustments that appear on the statement of `month` (pending while it is open), oldest correction first. */
  async adjustmentsOn(scope: StatementScope, month: Date): Promise<StatementAdjustment[]> {
    const rows = await this.prisma.statementAdjustment.findMany({
      where: { tenantId: scope.tenantId, customerId: scope.customerId, statementMonth: month },
      orderBy: [{ correctsMonth: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    });
    const adjustments = rows.map((r) => ({ ...storedLine(r), correctsMonth: r.correctsMonth, foundAt: r.createdAt }));
    // Within one correction (month and finding), by slug like the lines.
    return adjustments.sort(
      (a, b) => a.correctsMonth.getTime() - b.correctsMonth.getTime() || a.foundAt.getTime() - b.foundAt.getTime() || bySlug(a, b),
    );
  }

  /**
   * The sums of a scope's months not closed yet (after `lastClosed`, every month when none is): the
   * usage from the rollups as they are now and the adjustments found so far, by month (`YYYY-MM-DD`).
   * Months with neither are absent. Two grouped queries, however many months are open.
   */
  async openMonthSums(scope: StatementScope, lastClosed: Date | null): Promise<Map<string, { usage: UsageSums; adjustments: UsageSums }>> {
    const customer = scope.customerId === null ? Prisma.empty : Prisma.sql`AND u.customer_id = ${scope.customerId}::uuid`;
    const after = lastClosed === null ? Prisma.empty : Prisma.sql`AND u.day >= ${monthDay(addMonths(lastClosed, 1))}::date`;
    const [usage, adjustments] = await Promise.all([
      this.prisma.$queryRaw<Array<SumsText & { month: string }>>`
        SELECT to_char(date_trunc('month', u.day), 'YYYY-MM-DD') AS month, ${Prisma.raw(SUMMED.map((c) => `sum(u.${c})::text AS ${c}`).join(', '))}
        FROM usage_daily u
        WHERE u.tenant_id = ${scope.tenantId}::uuid ${customer} ${after}
        GROUP BY 1`,
      this.prisma.statementAdjustment.groupBy({
        by: ['statementMonth'],
        where: {
          tenantId: scope.tenantId,
          customerId: scope.customerId,
          ...(lastClosed === null ? {} : { statementMonth: { gt: lastClosed } }),
        },
        _sum: { calls: true, errors: true, quantity: true, wholesalePicoUsd: true, resalePicoUsd: true, customerPricePicoUsd: true },
      }),
    ]);
    const months = new Map<string, { usage: UsageSums; adjustments: UsageSums }>();
    const of = (month: string) => months.get(month) ?? months.set(month, { usage: ZERO_SUMS, adjustments: ZERO_SUMS }).get(month)!;
    for (const row of usage) of(row.month).usage = sumsOf(row);
    for (const group of adjustments) of(monthDay(group.statementMonth)).adjustments = groupSums(group._sum);
    return months;
  }

  /**
   * The usage of a month not closed yet, per endpoint and per meter, from the rollups as they are
   * now, in one statement (one snapshot: the meter lines' amounts sum to their line's even while
   * calls land).
   */
  async liveLines(scope: StatementScope, month: Date): Promise<StatementLine[]> {
    const customer = (alias: string) =>
      scope.customerId === null ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(alias)}.customer_id = ${scope.customerId}::uuid`;
    const rows = await this.prisma.$queryRaw<LineRow[]>`
      WITH lines AS (
        SELECT u.endpoint_id, ${Prisma.raw(SUMMED.map((c) => `sum(u.${c})::text AS ${c}`).join(', '))}
        FROM usage_daily u
        WHERE u.tenant_id = ${scope.tenantId}::uuid ${customer('u')} AND ${daysOf(month, 'u.day')}
        GROUP BY u.endpoint_id
      ),
      meters AS (
        SELECT m.endpoint_id, m.meter, ${Prisma.raw(METER_SUMMED.map((c) => `sum(m.${c})::text AS ${c}`).join(', '))}
        FROM usage_daily_by_meter m
        WHERE m.tenant_id = ${scope.tenantId}::uuid ${customer('m')} AND ${daysOf(month, 'm.day')}
        GROUP BY 1, 2
      )
      SELECT l.endpoint_id::text, e.slug, e.category::text AS category, e.billing_unit::text AS billing_unit,
        ${Prisma.raw(SUMMED.map((c) => `l.${c}`).join(', '))},
        coalesce((SELECT json_agg(json_build_object('meter', m.meter, ${Prisma.raw(METER_SUMMED.map((c) => `'${c}', m.${c}`).join(', '))}))
                  FROM meters m WHERE m.endpoint_id = l.endpoint_id), '[]'::json) AS meters
      FROM lines l LEFT JOIN catalog_endpoints e ON e.id = l.endpoint_id`;
    return rows.map(lineOf).sort(bySlug);
  }

  /**
   * A page of a scope's closed statements, newest month first, by keyset on (month, id): the cursor's
   * position holds the month where other lists hold a creation time (months closed in one run share
   * their closing time, so that could not order them). The scope's unique index serves the order.
   */
  async list(scope: StatementScope, take: number, cursor: string | undefined): Promise<StoredStatementSummary[]> {
    const where: Prisma.StatementWhereInput = { tenantId: scope.tenantId, customerId: scope.customerId };
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      where.month = { lte: after.createdAt };
      where.OR = [{ month: { lt: after.createdAt } }, { month: after.createdAt, id: { lt: after.id } }];
    }
    const rows = await this.prisma.statement.findMany({ where, orderBy: [{ month: 'desc' }, { id: 'desc' }], take });
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      customerId: r.customerId,
      month: r.month,
      closedAt: r.createdAt,
      usage: storedSums(r),
      planFeePicoUsd: exact(r.planFeePicoUsd),
    }));
  }

  /** The sums of the adjustments on each of these months' statements of a scope, by month (`YYYY-MM-DD`). */
  async adjustmentSums(scope: StatementScope, months: Date[]): Promise<Map<string, UsageSums>> {
    if (months.length === 0) return new Map();
    const groups = await this.prisma.statementAdjustment.groupBy({
      by: ['statementMonth'],
      where: { tenantId: scope.tenantId, customerId: scope.customerId, statementMonth: { in: months } },
      _sum: { calls: true, errors: true, quantity: true, wholesalePicoUsd: true, resalePicoUsd: true, customerPricePicoUsd: true },
    });
    return new Map(groups.map((g) => [monthDay(g.statementMonth), groupSums(g._sum)]));
  }
}

/** The sums of a group of adjustment rows (Prisma's `_sum`: null for none). */
function groupSums(sum: {
  calls: bigint | null;
  errors: bigint | null;
  quantity: Prisma.Decimal | null;
  wholesalePicoUsd: Prisma.Decimal | null;
  resalePicoUsd: Prisma.Decimal | null;
  customerPricePicoUsd: Prisma.Decimal | null;
}): UsageSums {
  return {
    calls: sum.calls ?? 0n,
    errors: sum.errors ?? 0n,
    quantity: sum.quantity ? exact(sum.quantity) : 0n,
    wholesalePicoUsd: sum.wholesalePicoUsd ? exact(sum.wholesalePicoUsd) : 0n,
    resalePicoUsd: sum.resalePicoUsd ? exact(sum.resalePicoUsd) : 0n,
    customerPricePicoUsd: sum.customerPricePicoUsd ? exact(sum.customerPricePicoUsd) : 0n,
  };
}
