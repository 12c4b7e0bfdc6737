import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/**
 * JSON or CSV, per request: `?format=json|csv` decides; without it, the Accept header (`text/csv`
 * preferred over `application/json` gives CSV); anything else gets JSON, the default.
 */
export const STATEMENT_FORMATS = ['json', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export class StatementFormatQuery {
  @ApiPropertyOptional({ enum: STATEMENT_FORMATS, description: 'The format; wins over the Accept header. Default: JSON.' })
  @IsOptional()
  @IsIn(STATEMENT_FORMATS)
  format?: StatementFormat;
}
