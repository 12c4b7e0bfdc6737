import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type as TransformTo } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Page } from './cursor';

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

/**
 * The response class of a paged list of `item`, for the OpenAPI document (`<Item>Page`). Pages are
 * built by toPage() (cursor.ts); this only describes them.
 */
export function PageOf<T>(item: Type<T>): Type<Page<T>> {
  class PageOfItem implements Page<T> {
    @ApiProperty({ type: [item] })
    data!: T[];

    @ApiProperty({ type: String, nullable: true, description: 'Pass it as `cursor` for the next page; null on the last page.' })
    next_cursor!: string | null;
  }
  Object.defineProperty(PageOfItem, 'name', { value: `${item.name.replace(/View$/, '')}Page` });
  return PageOfItem;
}
