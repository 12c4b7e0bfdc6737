import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, Min } from 'class-validator';
import { PageQuery } from '../../common/pagination/page.requests';
import { CustomerIdFilter, customerIdFilter } from '../../customers/dto/customer-id-filter.requests';
import type { AuditTrailQuery } from '../audit-trail.service';

/** Filters of an audit trail (all optional, combined with AND), and its page: the operator's and the reseller's. */
export class AuditFilterQuery extends PageQuery {
  @ApiPropertyOptional({
    format: 'uuid',
    description: "One call: its request id (`X-Service-Request-Id`, the error body's `request_id`), exact.",
  })
  @IsOptional()
  @IsUUID()
  request_id?: string;

  @CustomerIdFilter(
    "Calls of one customer's keys, or `none` for the calls of keys that belong to no customer (a tenant's own keys; in the operator's trail, also calls made without a valid key).",
  )
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

  /** The trail query of these filters, within `tenantId` (undefined: every tenant, the operator's view). */
  static toTrailQuery(query: AuditFilterQuery, tenantId: string | undefined): AuditTrailQuery {
    return {
      tenantId,
      requestId: query.request_id,
      customerId: customerIdFilter(query.customer_id),
      apiKeyId: query.api_key_id,
      slug: query.slug,
      httpStatus: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      limit: query.limit,
      cursor: query.cursor,
    };
  }
}

/** An export's filters: the trail's, without its page (an export is every row they select). */
export class AuditExportQuery extends OmitType(AuditFilterQuery, ['limit', 'cursor'] as const) {}
