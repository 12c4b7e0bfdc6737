/**
 * A catalog price below its wholesale cost is the operator's choice, but never a slip: saving one
 * asks first, naming the loss per unit of each meter (Cancel saves nothing). The form shows the
 * negative margin live beside the fields (MeterPriceRow) before it gets here.
 */
import { useConfirm } from '../../components/Confirm';
import { METERS } from '../../lib/meters';
import { formatPicoUsd } from '../../lib/money';
import { metersBelowCost, type MeterPriceDraft } from './meter-price-draft';

/** `(what, rows)`: true at once when no meter is below cost, else the operator's answer. */
export function useConfirmBelowCost(): (what: string, rows: readonly MeterPriceDraft[]) => Promise<boolean> {
  const confirm = useConfirm();
  return async (what, rows) => {
    const losses = metersBelowCost(rows);
    if (losses.length === 0) return true;
    const lines = losses.map(
      (l) =>
        `resale ${formatPicoUsd(l.resalePico)} is below wholesale ${formatPicoUsd(l.wholesalePico)}: you lose ${formatPicoUsd(l.lossPico)} per ${METERS[l.meter].label}`,
    );
    return confirm({
      title: `Sell ${what} below cost?`,
      body: `${lines.join('; ')}, on every call a tenant makes at this price.`,
      confirmLabel: 'Save below cost',
    });
  };
}
