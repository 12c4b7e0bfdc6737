import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { AuditFilterQuery } from '../../../audit/dto/audit-filter.requests';

/** The operator's filters: those of any trail, and the tenant. */
export class AuditQuery extends AuditFilterQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  tenant_id?: string;
}

/** The operator's export filters: its trail's, without the page (an export is every row they select). */
export class AuditExportQuery extends OmitType(AuditQuery, ['limit', 'cursor'] as const) {}
