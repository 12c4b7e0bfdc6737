import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Page } from './cursor';

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
