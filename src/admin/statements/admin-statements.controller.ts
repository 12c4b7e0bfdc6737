import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import type { Page } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { StatementFormatQuery } from '../../statements/dto/statement-format.requests';
import { StatementResponse } from '../../statements/statement-format';
import { OperatorStatementSummaryPage, OperatorStatementSummaryView, OperatorStatementView } from '../../statements/dto/statement.view';
import { ParseMonthPipe } from '../../statements/parse-month.pipe';
import { StatementsService } from '../../statements/statements.service';
import { AdminApi } from '../admin-api.decorator';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const MONTH = ApiParam({ name: 'month', description: 'A UTC calendar month, YYYY-MM.', example: '2026-10' });

/** Any tenant's monthly statements and its customers', as the tenant sees them plus the wholesale cost and the operator's margin. */
@AdminApi('statements')
export class AdminStatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Get('tenants/:id/statements')
  @ApiOperation({ summary: "A tenant's monthly statements, newest month first: the months not closed yet (open), then the closed ones" })
  @ApiOkResponse({ type: OperatorStatementSummaryPage })
  @NOT_FOUND
  async list(
    @Param('id', ParseId) tenantId: string,
    @Query() { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery,
  ): Promise<Page<OperatorStatementSummaryView>> {
    return OperatorStatementSummaryView.page(await this.statements.list({ tenantId, customerId: null }, limit, cursor));
  }

  @Get('tenants/:id/statements/:month')
  @ApiOperation({ summary: "A tenant's statement of a month, JSON or CSV: closed, or the month in progress (status open)" })
  @MONTH
  @StatementResponse(OperatorStatementView)
  @NOT_FOUND
  async get(@Param('id', ParseId) tenantId: string, @Param('month', ParseMonthPipe) month: Date, @Query() _: StatementFormatQuery) {
    return OperatorStatementView.from(await this.statements.get({ tenantId, customerId: null }, month));
  }

  @Get('tenants/:id/customers/:customerId/statements')
  @ApiOperation({
    summary: "A tenant's customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones",
  })
  @ApiOkResponse({ type: OperatorStatementSummaryPage })
  @NOT_FOUND
  async listOfCustomer(
    @Param('id', ParseId) tenantId: string,
    @Param('customerId', ParseId) customerId: string,
    @Query() { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery,
  ): Promise<Page<OperatorStatementSummaryView>> {
    return OperatorStatementSummaryView.page(await this.statements.list({ tenantId, customerId }, limit, cursor));
  }

  @Get('tenants/:id/customers/:customerId/statements/:month')
  @ApiOperation({ summary: "A tenant's customer's statement of a month, JSON or CSV" })
  @MONTH
  @StatementResponse(OperatorStatementView)
  @NOT_FOUND
  async getOfCustomer(
    @Param('id', ParseId) tenantId: string,
    @Param('customerId', ParseId) customerId: string,
    @Param('month', ParseMonthPipe) month: Date,
    @Query() _: StatementFormatQuery,
  ) {
    return OperatorStatementView.from(await this.statements.get({ tenantId, customerId }, month));
  }
}
