import { Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CsvExportResponse } from '../../common/http/csv-export.decorator';
import { streamCsv } from '../../common/http/csv-stream';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { AdminApi } from '../admin-api.decorator';
import { AdminAuditService, OPERATOR_AUDIT_CSV_COLUMNS } from './admin-audit.service';
import { AuditExportQuery, AuditQuery } from './dto/audit.requests';
import { AuditCallView, AuditRecordPage } from './dto/audit-record.view';

/** The whole audit trail: one record per public call, whatever its outcome. */
@AdminApi('audit')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Read the audit trail, newest first, with filters (one call: `request_id`)' })
  @ApiOkResponse({ type: AuditRecordPage })
  list(@Query() query: AuditQuery) {
    return this.audit.list(query);
  }

  @Get('audit/export')
  @ApiOperation({ summary: 'The audit trail as a CSV download: every call the filters select (as GET /audit), newest first' })
  @CsvExportResponse(OPERATOR_AUDIT_CSV_COLUMNS, 'The calls')
  async export(@Query() query: AuditExportQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, 'audit-trail.csv', OPERATOR_AUDIT_CSV_COLUMNS, this.audit.csvPages(query));
  }

  @Get('audit/:id')
  @ApiOperation({
    summary: "Any tenant's call in full, by its request id: tenant, key, customer, refusal, upstream, usage per meter and every amount",
  })
  @ApiOkResponse({ type: AuditCallView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  call(@Param('id', ParseId) requestId: string): Promise<AuditCallView> {
    return this.audit.call(requestId);
  }
}
