import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type as TransformTo } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 100;

export const MAX_PAGE_SIZE = 500;

/** `?limit=&cursor=` of every paged list. */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Rows per page.' })
  @IsOptional()
  @TransformTo(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next_cursor` of the previous page; omit for the first page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
