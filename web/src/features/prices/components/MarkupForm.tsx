/** A markup in percent over the reseller's cost, on a slug or on every slug (chosen here when it is a new one); sent as basis points. */
import { useState, type FormEvent } from 'react';
import { FormActions, FormError, SelectField, TextField } from '../../../components/ui';
import { bpsToPercentInput, EVERY_SLUG, MAX_MARKUP_BPS, percentToBps } from '../../../lib/customer-prices';
import { useSetMarkup } from '../queries';
import { slugName } from './markup-rows';

export function MarkupForm({
  customerId,
  slug: initialSlug,
  adding,
  ownBps,
  slugs,
  onDone,
}: {
  customerId: string | null;
  slug: string;
  /** A new markup: the slug is chosen in the form. */
  adding: boolean;
  /** The scope's own markup on the slug, in basis points. */
  ownBps: number;
  slugs: string[];
  onDone: () => void;
}) {
  const [slug, setSlug] = useState(initialSlug);
  const [percent, setPercent] = useState(adding ? '' : bpsToPercentInput(ownBps));
  const bps = percentToBps(percent);
  const percentError = percent && bps === null ? `A percentage from 0 to ${MAX_MARKUP_BPS / 100}, with at most 2 decimals.` : null;
  const setMarkup = useSetMarkup(customerId, slugName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bps !== null) setMarkup.mutate({ slug, bps }, { onSuccess: onDone });
  };
  return (
    <form className="form" onSubmit={submit}>
      {adding && (
        <SelectField
          label="On"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          options={[{ value: EVERY_SLUG, label: 'Every slug' }, ...slugs.map((s) => ({ value: s, label: s }))]}
        />
      )}
      <TextField
        label="Markup (%)"
        inputMode="decimal"
        value={percent}
        onChange={(e) => setPercent(e.target.value)}
        error={percentError}
        hint="Over your cost (the list price less your plan's discount), on every meter without a fixed price: 25 means your customers pay 1.25 times what you owe. 0 passes your cost on."
        autoFocus
        required
      />
      <FormError error={setMarkup.error} />
      <FormActions submitLabel="Save markup" disabled={setMarkup.isPending || bps === null} onCancel={onDone} />
    </form>
  );
}
