/**
 * A public endpoint's price: in its billing unit as it always read (the amount, its unit beside it),
 * or one line per meter at a readable scale ($0.15 / 1M input tokens); then its models, each with its
 * own price.
 */
import type { PublicEndpointView, PublicMeterPriceView } from '@unified-api-gateway/sdk';
import { isUnitPrice, readableMeterPrice } from '../../../lib/meters';
import { formatUsd } from '../../../lib/money';

/** The lines of a price: per meter at a readable scale, or the amount per the billing unit (`withUnit`: said after it). */
function priceLines(entry: PublicEndpointView, prices: readonly PublicMeterPriceView[], withUnit: boolean): string[] {
  if (
    isUnitPrice(
      entry.billing_unit,
      prices.map((p) => p.meter),
    )
  ) {
    const amount = formatUsd(prices[0].price_usd_per_unit);
    return [withUnit ? `${amount} / ${entry.billing_unit_label}` : amount];
  }
  return prices.map((p) => readableMeterPrice(p.meter, p.price_usd_per_unit));
}

/** The default price (the first model's, where there are models), then each model's own. */
export function EndpointPrice({ entry }: { entry: PublicEndpointView }) {
  return (
    <>
      <span data-testid="price" className="price-lines">
        {priceLines(entry, entry.prices, false).map((line) => (
          <span key={line} className="nowrap">
            {line}
          </span>
        ))}
      </span>
      {entry.models.length > 0 && (
        <details className="model-prices" data-testid="model-prices">
          <summary>{entry.models.length === 1 ? '1 model' : `${entry.models.length} models`}</summary>
          <ul>
            {entry.models.map((model, index) => (
              <li key={model.name} data-model={model.name}>
                <span className="nowrap">
                  <span className="mono">{model.name}</span>
                  {index === 0 && <span className="faint"> (default)</span>}
                </span>
                <span className="price-lines">
                  {priceLines(entry, model.prices, true).map((line) => (
                    <span key={line} className="nowrap">
                      {line}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
