/**
 * A fixed price for a meter of a slug, in USD per its unit: entered, checked in pico-USD and sent as
 * the exact USD decimal string (no float on the way). A price below the reseller's cost is saved only
 * after a confirmation.
 */
import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/Confirm';
import { FormActions, FormError, TextField } from '../../../components/ui';
import type { MeterRow } from '../../../lib/customer-prices';
import { formatPicoUsd, picoUsdAsPriceInput, usdToPicoUsd } from '../../../lib/money';
import type { Pricing } from '../pricing';
import { useSetPrice } from '../queries';

export function PriceForm({
  row,
  pricing,
  customerId,
  scope,
  onDone,
}: {
  row: MeterRow;
  pricing: Pricing;
  customerId: string | null;
  scope: string;
  onDone: () => void;
}) {
  const confirm = useConfirm();
  const setPrice = useSetPrice(customerId);
  const [amount, setAmount] = useState(pricing.ownUsd(row) ?? '');
  const pico = usdToPicoUsd(amount);
  const json = pico === null ? null : picoUsdAsPriceInput(pico);
  const cost = pricing.costPico(row);
  const amountError = amount && json === null ? 'An amount in USD with at most 12 decimals, up to about $9,007.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (json === null || pico === null) return;
    if (
      pico < cost &&
      !(await confirm({
        title: `Price ${row.slug} below your cost?`,
        body: `${formatPicoUsd(pico)} is below your cost of ${formatPicoUsd(cost)} per ${row.unitLabel}: you would lose ${formatPicoUsd(cost - pico)} on every ${row.unitLabel} ${scope === 'every customer' ? 'your customers use' : `${scope} uses`}.`,
        confirmLabel: 'Save below cost',
      }))
    )
      return;
    setPrice.mutate({ slug: row.slug, meter: row.meter, unitLabel: row.unitLabel, usd: json }, { onSuccess: onDone });
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <dl className="price-terms" data-testid="price-terms">
        <div>
          <dt>List price</dt>
          <dd>{formatPicoUsd(row.listPico)}</dd>
        </div>
        <div>
          <dt>Your cost</dt>
          <dd>{formatPicoUsd(cost)}</dd>
        </div>
        <div>
          <dt>Margin at this price</dt>
          <dd className={pico !== null && pico < cost ? 'loss' : undefined} data-testid="dialog-margin">
            {pico === null ? '—' : formatPicoUsd(pico - cost)}
          </dd>
        </div>
      </dl>
      <TextField
        label={`USD per ${row.unitLabel}`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={amountError}
        hint={`A fixed price beats any markup; without either, the list price applies. Your cost is ${pricing.costNote}; a price below it loses money on every call.`}
        autoFocus
        required
      />
      <FormError error={setPrice.error} />
      <FormActions submitLabel="Save price" disabled={setPrice.isPending || json === null} onCancel={onDone} />
    </form>
  );
}
