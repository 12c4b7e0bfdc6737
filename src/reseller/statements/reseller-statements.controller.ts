import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import type { Page } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { StatementFormatQuery } from '../../statements/dto/statement-format.requests';
import { StatementResponse } from '../../statements/statement-format';
import { StatementSummaryPage, StatementSummaryView, StatementView } from '../../statements/dto/statement.view';
import { ParseMonthPipe } from '../../statements/parse-month.pipe';
import { StatementsService } from '../../statements/statements.service';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const MONTH = ApiParam({ name: 'month', description: 'A UTC calendar month, YYYY-MM.', example: '2026-10' });

/**
 * Your monthly statements and your customers': closed (frozen) ones, and the month in progress as it
 * stands (`status: open`). Customer price, resale and your margin per slug; never the operator's cost.
 */
@ResellerApi('statements')
export class ResellerStatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Get('statements')
  @ApiOperation({
    summary:
      'Your monthly statements (all your customers and your own keys), newest month first: the months not closed yet (open), then the closed ones',
  })
  @ApiOkResponse({ type: StatementSummaryPage })
  async list(
    @CallingTenant() tenantId: string,
    @Query() { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery,
  ): Promise<Page<StatementSummaryView>> {
    return StatementSummaryView.page(await this.statements.list({ tenantId, customerId: null }, limit, cursor));
  }

  @Get('statements/:month')
  @ApiOperation({ summary: 'Your statement of a month, JSON or CSV: closed, or the month in progress (status open)' })
  @MONTH
  @StatementResponse(StatementView)
  @NOT_FOUND
  async get(@CallingTenant() tenantId: string, @Param('month', ParseMonthPipe) month: Date, @Query() _: StatementFormatQuery) {
    return StatementView.from(await this.statements.get({ tenantId, customerId: null }, month));
  }

  @Get('customers/:id/statements')
  @ApiOperation({ summary: "A customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones" })
  @ApiOkResponse({ type: StatementSummaryPage })
  @NOT_FOUND
  async listOfCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Query() { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery,
  ): Promise<Page<StatementSummaryView>> {
    return StatementSummaryView.page(await this.statements.list({ tenantId, customerId }, limit, cursor));
  }

  @Get('customers/:id/statements/:month')
  @ApiOperation({ summary: "A customer's statement of a month, JSON or CSV" })
  @MONTH
  @StatementResponse(StatementView)
  @NOT_FOUND
  async getOfCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('month', ParseMonthPipe) month: Date,
    @Query() _: StatementFormatQuery,
  ) {
    return StatementView.from(await this.statements.get({ tenantId, customerId }, month));
  }
}
