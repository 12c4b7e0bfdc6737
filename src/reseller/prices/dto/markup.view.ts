import { ApiProperty } from '@nestjs/swagger';
import { MAX_MARKUP_BPS } from '../../../keys/customer-prices';
import type { StoredMarkup } from '../../../prices/prices.service';

/** A markup you set: on one slug or on every slug (`*`), for every customer (customer_id null) or for one. */
export class MarkupView {
  @ApiProperty({ example: 'text.generate', description: 'The slug the markup is on; `*`: every slug.' }) slug!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The customer the markup is for; null: every customer.' })
  customer_id!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MARKUP_BPS, example: 2500 }) markup_bps!: number;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, m: StoredMarkup): MarkupView {
    return Object.assign(new MarkupView(), {
      slug: m.slug,
      customer_id: m.customerId,
      markup_bps: m.markupBps,
      updated_at: m.updatedAt.toISOString(),
    } satisfies MarkupView);
  }
}

/** Markups, the one on every slug (`*`) first, then by slug: at most one per catalog endpoint and one for every slug, so not paged. */
export class MarkupListView {
  @ApiProperty({ type: [MarkupView] }) data!: MarkupView[];
}
