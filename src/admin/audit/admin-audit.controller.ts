import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminApi } from '../admin-api.decorator';
import { AdminAuditService } from './admin-audit.service';
import { AuditQuery } from './dto/audit.requests';
import { AuditRecordPage } from './dto/audit-record.view';

/** The whole audit trail: one record per public call, whatever its outcome. */
@AdminApi('audit')
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Read the audit trail, newest first, with filters' })
  @ApiOkResponse({ type: AuditRecordPage })
  list(@Query() query: AuditQuery) {
    return this.audit.list(query);
  }
}
