import { Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuditExportQuery, AuditFilterQuery } from '../../audit/dto/audit-filter.requests';
import { CsvExportResponse } from '../../common/http/csv-export.decorator';
import { streamCsv } from '../../common/http/csv-stream';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import type { Page } from '../../common/pagination/cursor';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerAuditCallView, ResellerAuditRecordPage, ResellerAuditRecordView } from './dto/reseller-audit.view';
import { RESELLER_AUDIT_CSV_COLUMNS, ResellerAuditService } from './reseller-audit.service';

/** The calling tenant's audit trail: every call of its keys and its customers' keys. */
@ResellerApi('audit')
export class ResellerAuditController {
  constructor(private readonly audit: ResellerAuditService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Your audit trail, newest first, by request id, customer (or your own keys only), key, slug, status and time' })
  @ApiOkResponse({ type: ResellerAuditRecordPage })
  list(@CallingTenant() tenantId: string, @Query() query: AuditFilterQuery): Promise<Page<ResellerAuditRecordView>> {
    return this.audit.page(tenantId, query);
  }

  @Get('audit/export')
  @ApiOperation({ summary: 'Your audit trail as a CSV download: every call the filters select (as GET /audit), newest first' })
  @CsvExportResponse(RESELLER_AUDIT_CSV_COLUMNS, 'The calls')
  async export(@CallingTenant() tenantId: string, @Query() query: AuditExportQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, 'audit-trail.csv', RESELLER_AUDIT_CSV_COLUMNS, this.audit.csvPages(tenantId, query));
  }

  @Get('audit/:id')
  @ApiOperation({ summary: 'One call in full, by its request id: key, customer, what refused it, usage per meter and every amount' })
  @ApiOkResponse({ type: ResellerAuditCallView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  call(@CallingTenant() tenantId: string, @Param('id', ParseId) requestId: string): Promise<ResellerAuditCallView> {
    return this.audit.call(tenantId, requestId);
  }
}
