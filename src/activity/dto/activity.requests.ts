import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/pagination/page.requests';
import { ACTOR_KINDS } from '../actor';
import type { ActivityFilter } from '../activity.service';

export const ENTITY_TYPES = ['price', 'markup', 'limit', 'budget', 'plan', 'tenant', 'catalog_price'] as const;

/** The filters of a tenant's activity log (the operator's adds the tenant). */
export class ActivityQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Changes by one user or management key.' })
  @IsOptional()
  @IsUUID()
  actor_id?: string;

  @ApiPropertyOptional({ enum: ACTOR_KINDS })
  @IsOptional()
  @IsIn(ACTOR_KINDS)
  actor_kind?: string;

  @ApiPropertyOptional({ enum: ENTITY_TYPES })
  @IsOptional()
  @IsIn(ENTITY_TYPES)
  entity_type?: string;

  @ApiPropertyOptional({ description: 'The entity id as the entries name it.' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  entity_id?: string;

  @ApiPropertyOptional({ example: 'price.set' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  action?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Changes at or after this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Changes before this instant.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  static toFilter(query: ActivityQuery, tenantId: string | undefined): ActivityFilter {
    return {
      tenantId,
      actorId: query.actor_id,
      actorKind: query.actor_kind,
      entityType: query.entity_type,
      entityId: query.entity_id,
      action: query.action,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      limit: query.limit,
      cursor: query.cursor,
    };
  }
}

/** The operator's filters: a tenant's, and the tenant. */
export class AdminActivityQuery extends ActivityQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  tenant_id?: string;
}
