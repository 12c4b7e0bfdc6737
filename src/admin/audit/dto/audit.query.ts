import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination/page.dto';

/** Filters of the audit trail (all optional, combined with AND), and its page. */
export class AuditQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  tenant_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Calls of one customer's keys." })
  @IsOptional()
  @IsUUID()
  customer_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  api_key_id?: string;

  @ApiPropertyOptional({ example: 'text.generate', description: 'Calls of this catalog endpoint.' })
  @IsOptional()
  @IsString()
  slug?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 100,
    maximum: 599,
    description: 'HTTP status (499: the client left before the answer).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(599)
  status?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'Calls received at or after this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Calls received before this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}
