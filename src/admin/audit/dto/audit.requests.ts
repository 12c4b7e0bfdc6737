import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { AuditFilterQuery } from '../../../audit/dto/audit-filter.requests';

/** The operator's filters: those of any trail, and the tenant. */
export class AuditQuery extends AuditFilterQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  tenant_id?: string;
}
