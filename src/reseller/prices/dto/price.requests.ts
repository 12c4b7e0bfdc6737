import { MAX_SAFE_PICO_USD, UsdAmountInput } from '../../../common/money/usd-amount.decorators';

/** The price a customer pays per unit of one meter of a slug (the path names the meter, or the slug's billing unit's). */
export class SetPriceRequest {
  @UsdAmountInput({
    description:
      'USD per unit of the meter, the unit of the catalog\'s resale price for it ($0.002 per 1k tokens is "0.002"; per 1k input tokens, per minute, per image, …). It applies to every model of the slug.',
    example: '0.002',
    maxPicoUsd: MAX_SAFE_PICO_USD,
  })
  price_usd_per_unit!: string;
}
