import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { type Page, toPage } from '../common/pagination/cursor';
import { CustomersService } from '../customers/customers.service';
import { TenantsService } from '../tenants/tenants.service';
import { Statement, StatementSummary, ZERO_SUMS } from './statement';
import { formatMonth, monthDay, monthOf } from './statement-month';
import { StatementScope, StatementsRepository } from './statements.repository';

/**
 * Reads statements for the reseller and operator APIs: a closed month's frozen statement, or, for a
 * month not closed yet, a live one computed from the rollups as they are (status `open`), with the
 * adjustments found so far that will appear on it. A scope is a tenant or one of its customers (a
 * deleted customer's statements stay readable); another tenant's customer is not found, never forbidden.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly tenants: TenantsService,
    private readonly customers: CustomersService,
  ) {}

  /** The statement of `month`: closed (404 when the scope had nothing in it), or open while the month is not closed. */
  async get(scope: StatementScope, month: Date, now = new Date()): Promise<Statement> {
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
      };
    }
    if (month > monthOf(now)) throw new GatewayError('resource_not_found', `No statement for ${formatMonth(month)}: it has not begun.`);
    const [lines, adjustments] = await Promise.all([this.repository.liveLines(scope, month), this.repository.adjustmentsOn(scope, month)]);
    return { id: null, ...scope, month, status: 'open', closedAt: null, lines, adjustments };
  }

  /** A page of the scope's closed statements, newest month first. */
  async list(scope: StatementScope, limit: number, cursor: string | undefined): Promise<Page<StatementSummary>> {
    await this.requireScope(scope);
    const rows = await this.repository.list(scope, limit + 1, cursor);
    // The page position is the month (see the repository's list).
    const page = toPage(
      rows.map((r) => ({ ...r, createdAt: r.month })),
      limit,
      (r) => r,
    );
    const adjusted = await this.repository.adjustmentSums(
      scope,
      page.data.map((r) => r.month),
    );
    return {
      data: page.data.map((r) => ({
        id: r.id,
        tenantId: r.tenantId,
        customerId: r.customerId,
        month: r.month,
        closedAt: r.closedAt,
        usage: r.usage,
        adjustments: adjusted.get(monthDay(r.month)) ?? ZERO_SUMS,
      })),
      next_cursor: page.next_cursor,
    };
  }

  private async requireScope(scope: StatementScope): Promise<void> {
    await this.tenants.get(scope.tenantId);
    if (scope.customerId !== null && !(await this.customers.belongsTo(scope.tenantId, scope.customerId))) {
      throw new GatewayError('resource_not_found', 'No customer has this id.');
    }
  }
}
