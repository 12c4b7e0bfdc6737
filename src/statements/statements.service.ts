import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { decodeCursor, type Page, toPage } from '../common/pagination/cursor';
import { Clock } from '../common/time/clock';
import { CustomersService } from '../customers/customers.service';
import type { PlanFeeLine } from '../plans/plan-fees';
import { PlanFees } from '../plans/plan-fees.service';
import { TenantsService } from '../tenants/tenants.service';
import { Statement, StatementSummary, ZERO_SUMS } from './statement';
import { addMonths, formatMonth, monthDay, monthOf } from './statement-month';
import { StatementScope, StatementsRepository } from './statements.repository';

/**
 * Reads statements for the reseller and operator APIs: a closed month's frozen statement, or, for a
 * month not closed yet, a live one computed from the rollups as they are (status `open`), with the
 * adjustments found so far that will appear on it. A scope is a tenant or one of its customers (a
 * deleted customer's statements stay readable); another tenant's customer is not found, never forbidden.
 */
/** The id in an open statement's page position: after every real id of its month, which has none yet. */
const OPEN_POSITION_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

@Injectable()
export class StatementsService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly tenants: TenantsService,
    private readonly customers: CustomersService,
    private readonly planFees: PlanFees,
    private readonly clock: Clock,
  ) {}

  /** The statement of `month`: closed (404 when the scope had nothing in it), or open while the month is not closed. */
  async get(scope: StatementScope, month: Date, now = this.clock.now()): Promise<Statement> {
    await this.requireScope(scope);
    const lastClosed = await this.repository.lastClosedMonth();
    // Months close in order: every month up to the last closed one is closed.
    if (lastClosed && month <= lastClosed) {
      const stored = await this.repository.findStatement(scope, month);
      if (!stored) {
        throw new GatewayError('resource_not_found', `No statement for ${formatMonth(month)}: nothing was used or adjusted in it.`);
      }
      return {
        id: stored.id,
        ...scope,
        month,
        status: 'closed',
        closedAt: stored.closedAt,
        lines: stored.lines,
        adjustments: await this.repository.adjustmentsOn(scope, month),
        planFees: stored.planFees,
      };
    }
    if (month > monthOf(now)) throw new GatewayError('resource_not_found', `No statement for ${formatMonth(month)}: it has not begun.`);
    const [lines, adjustments, planFees] = await Promise.all([
      this.repository.liveLines(scope, month),
      this.repository.adjustmentsOn(scope, month),
      this.openPlanFees(scope, month),
    ]);
    return { id: null, ...scope, month, status: 'open', closedAt: null, lines, adjustments, planFees };
  }

  /**
   * The plan fee lines of a month not closed yet as they stand: from the plan history so far, the
   * plan held now counted to the month's end (what the statement closes with if nothing changes).
   * None on a customer's statement: the fee is the tenant's.
   */
  private openPlanFees(scope: StatementScope, month: Date): Promise<PlanFeeLine[]> {
    if (scope.customerId !== null) return Promise.resolve([]);
    return this.planFees.of(scope.tenantId, { from: month, to: addMonths(month, 1) });
  }

  /**
   * A page of the scope's statements, newest month first: first the months not closed yet (open,
   * computed live, with the figures get() answers for them), then the closed ones. The open ones are
   * the month of `now` (always: the month in progress) and every month after the last closed one
   * with usage or adjustments in it: a month that has ended but is not closed yet (its grace period,
   * or a job not run) is listed from its end to its closing, so a client shows the answer as it is.
   */
  async list(scope: StatementScope, limit: number, cursor: string | undefined, now = this.clock.now()): Promise<Page<StatementSummary>> {
    await this.requireScope(scope);
    const after = cursor === undefined ? null : decodeCursor(cursor);
    const lastClosed = await this.repository.lastClosedMonth();
    const current = monthOf(now);
    const sums = await this.repository.openMonthSums(scope, lastClosed);
    const fees = await this.openMonthFees(scope, lastClosed, current);
    // The month in progress is listed even empty (unless a clock behind the closer's has it closed already).
    const inProgress = lastClosed && current <= lastClosed ? [] : [monthDay(current)];
    const open: StatementSummary[] = [...new Set([...inProgress, ...sums.keys(), ...fees.keys()])]
      .map((day) => new Date(`${day}T00:00:00.000Z`))
      // Usage dated after now (a clock ahead) waits for its month; a cursor inside the open months reads on after it.
      .filter((month) => month <= current && (!after || month < after.createdAt))
      .sort((x, y) => y.getTime() - x.getTime())
      .map((month) => {
        const { usage, adjustments } = sums.get(monthDay(month)) ?? { usage: ZERO_SUMS, adjustments: ZERO_SUMS };
        const planFeePicoUsd = fees.get(monthDay(month)) ?? 0n;
        return { id: null, ...scope, month, status: 'open', closedAt: null, usage, adjustments, planFeePicoUsd };
      });
    const closed = open.length > limit ? [] : await this.closedSummaries(scope, limit + 1 - open.length, cursor);
    // An open entry's page position is its month and the greatest id: a cursor inside the open months
    // is a month after every closed one, so the closed rows' keyset reads on from it as it is.
    return toPage(
      [...open, ...closed].map((summary) => ({ createdAt: summary.month, id: summary.id ?? OPEN_POSITION_ID, summary })),
      limit,
      (r) => r.summary,
    );
  }

  /**
   * The plan fee of each month not closed yet, up to the month of `now`, by month (`YYYY-MM-DD`):
   * those with a fee (a tenant's scope only). Before the first close, from the tenant's first plan.
   */
  private async openMonthFees(scope: StatementScope, lastClosed: Date | null, current: Date): Promise<Map<string, bigint>> {
    const fees = new Map<string, bigint>();
    if (scope.customerId !== null) return fees;
    const from = lastClosed ? addMonths(lastClosed, 1) : new Date(0);
    if (from > current) return fees;
    for (const line of await this.planFees.of(scope.tenantId, { from, to: addMonths(current, 1) })) {
      const day = monthDay(monthOf(line.from));
      fees.set(day, (fees.get(day) ?? 0n) + line.feePicoUsd);
    }
    return fees;
  }

  private async closedSummaries(scope: StatementScope, take: number, cursor: string | undefined): Promise<StatementSummary[]> {
    const rows = await this.repository.list(scope, take, cursor);
    const adjusted = await this.repository.adjustmentSums(
      scope,
      rows.map((r) => r.month),
    );
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      customerId: r.customerId,
      month: r.month,
      status: 'closed',
      closedAt: r.closedAt,
      usage: r.usage,
      adjustments: adjusted.get(monthDay(r.month)) ?? ZERO_SUMS,
      planFeePicoUsd: r.planFeePicoUsd,
    }));
  }

  private async requireScope(scope: StatementScope): Promise<void> {
    await this.tenants.get(scope.tenantId);
    if (scope.customerId !== null && !(await this.customers.belongsTo(scope.tenantId, scope.customerId))) {
      throw new GatewayError('resource_not_found', 'No customer has this id.');
    }
  }
}
