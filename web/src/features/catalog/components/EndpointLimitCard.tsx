/** The per-endpoint limit: requests per key per window on this slug (empty: the catalog default). */
import { useState, type FormEvent } from 'react';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { Card, FormError, TextField } from '../../../components/ui';
import { formatCount } from '../../../lib/format';
import { useSetEndpointLimit } from '../queries';

const asText = (limit: number | null) => (limit === null ? '' : String(limit));

export function EndpointLimitCard({ entry }: { entry: CatalogEntryView }) {
  const [value, setValue] = useState(asText(entry.endpoint_rate_limit));
  const valid = value === '' || (/^[1-9]\d*$/.test(value) && Number(value) <= 2_147_483_647);
  const save = useSetEndpointLimit(entry.slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(value === '' ? null : Number(value), { onSuccess: (next) => setValue(asText(next.endpoint_rate_limit)) });
  };
  return (
    <Card
      title="Per-endpoint limit"
      description={`Requests per key per window on ${entry.slug}, unless a key has the operator's own override. Empty: the catalog default (${formatCount(entry.default_rate_limit)}).`}
    >
      <form className="form" onSubmit={submit}>
        <p>
          In force:{' '}
          <strong data-testid="limit-in-force">
            {entry.endpoint_rate_limit !== null
              ? `${formatCount(entry.endpoint_rate_limit)} per window`
              : `${formatCount(entry.default_rate_limit)} per window (catalog default)`}
          </strong>
        </p>
        <TextField
          label="Requests per key per window"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value.trim())}
          error={valid ? null : 'A whole number of at least 1, or empty for the default.'}
        />
        <FormError error={save.error} />
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || !valid}>
            Save limit
          </button>
        </div>
      </form>
    </Card>
  );
}
