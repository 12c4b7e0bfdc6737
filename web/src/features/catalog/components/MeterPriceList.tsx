/**
 * One side of a stored price, for the operator: the amount alone where the endpoint (or model) is
 * priced in its billing unit's one meter (as it always read, the unit being in the column's
 * description), else one line per meter with its unit, exact: `$0.00015 / 1k input tokens`.
 */
import type { BillingUnit, MeterPriceView } from '@unified-api-gateway/sdk';
import { isUnitPrice, meterPrice } from '../../../lib/meters';
import { formatUsd } from '../../../lib/money';

export function MeterPriceList({
  unit,
  prices,
  side,
}: {
  unit: BillingUnit;
  prices: readonly MeterPriceView[];
  side: 'wholesale' | 'resale';
}) {
  const amount = (p: MeterPriceView) => (side === 'wholesale' ? p.wholesale_usd_per_unit : p.resale_usd_per_unit);
  if (
    isUnitPrice(
      unit,
      prices.map((p) => p.meter),
    )
  )
    return <>{formatUsd(amount(prices[0]))}</>;
  return (
    <span className="price-lines">
      {prices.map((p) => (
        // May wrap after the amount: a long meter name (cache-write tokens) must not widen the catalog table.
        <span key={p.meter} data-meter={p.meter}>
          {meterPrice(p.meter, amount(p))}
        </span>
      ))}
    </span>
  );
}
