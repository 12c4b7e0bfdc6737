/**
 * The endpoint's one limit control: requests per key per window on this slug. Empty shows (and
 * saving it restores) the catalog default; a number sets the operator's override.
 */
import { useState, type FormEvent } from 'react';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { Card, FormError, TextField } from '../../../components/ui';
import { useLimitText } from '../../limits/limit-text';
import { useSetEndpointLimit } from '../queries';

const asText = (limit: number | null) => (limit === null ? '' : String(limit));

export function EndpointLimitCard({ entry }: { entry: CatalogEntryView }) {
  const [value, setValue] = useState(asText(entry.endpoint_rate_limit));
  const valid = value === '' || (/^[1-9]\d*$/.test(value) && Number(value) <= 2_147_483_647);
  const save = useSetEndpointLimit(entry.slug);
  const limitText = useLimitText();
  const catalogDefault = limitText(entry.default_rate_limit);
  const apply = (limit: number | null) => save.mutate(limit, { onSuccess: (next) => setValue(asText(next.endpoint_rate_limit)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) apply(value === '' ? null : Number(value));
  };
  return (
    <Card title="Limit" description={`Requests per key on ${entry.slug}, unless a key has the operator's own override.`}>
      <form className="form" onSubmit={submit}>
        <p>
          In force:{' '}
          <strong data-testid="limit-in-force">
            {entry.endpoint_rate_limit !== null
              ? `${limitText(entry.endpoint_rate_limit)} (override)`
              : `${catalogDefault} (catalog default)`}
          </strong>
        </p>
        <TextField
          label="Requests per key"
          inputMode="numeric"
          placeholder={`catalog default: ${limitText(entry.default_rate_limit, true)}`}
          value={value}
          onChange={(e) => setValue(e.target.value.trim())}
          hint={`A number overrides the catalog default (${catalogDefault}); empty goes back to it.`}
          error={valid ? null : 'A whole number of at least 1, or empty for the catalog default.'}
        />
        <FormError error={save.error} />
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || !valid}>
            Save limit
          </button>
          {entry.endpoint_rate_limit !== null && (
            <button type="button" className="btn btn-sm" disabled={save.isPending} onClick={() => apply(null)}>
              Use the catalog default
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}
