/**
 * A key's or a customer's request limits and allowed endpoints (PUT replaces them whole). A tenant
 * can only lower the operator's limits: a per-slug value above the operator's has no effect.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { LimitsBody } from '../api/openapi.generated';
import { publicApi } from '../api/public-api';
import { formatCount } from '../lib/format';
import { useToast } from './Toasts';
import { Card, ErrorNotice, FormError, Loading, TextField } from './ui';

interface Draft {
  requestsPerWindow: string;
  perSlug: Array<{ slug: string; limit: string }>;
  allowed: string;
}

const toDraft = (limits: LimitsBody): Draft => ({
  requestsPerWindow: limits.requests_per_window ? String(limits.requests_per_window) : '',
  perSlug: Object.entries(limits.per_slug ?? {}).map(([slug, limit]) => ({ slug, limit: String(limit) })),
  allowed: (limits.allowed_endpoints ?? []).join(', '),
});

const positiveInt = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 2_147_483_647;
const ALLOWED_ENTRY = /^[a-z]+\.(\*|[a-z0-9_]+)$/;

export function LimitsCard({
  queryKey,
  load,
  save,
  subject,
  readOnly,
}: {
  queryKey: unknown[];
  load: () => Promise<LimitsBody>;
  save: (body: LimitsBody) => Promise<LimitsBody>;
  subject: string;
  readOnly?: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const limits = useQuery({ queryKey, queryFn: load });
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  const [draft, setDraft] = useState<Draft | null>(null);

  const problems: string[] = [];
  if (draft) {
    if (draft.requestsPerWindow && !positiveInt(draft.requestsPerWindow))
      problems.push('The overall limit must be a whole number of at least 1.');
    for (const row of draft.perSlug) {
      if (!row.slug) problems.push('Choose an endpoint for every per-endpoint limit.');
      else if (!positiveInt(row.limit)) problems.push(`The limit of ${row.slug} must be a whole number of at least 1.`);
    }
    for (const entry of splitList(draft.allowed)) {
      if (!ALLOWED_ENTRY.test(entry)) problems.push(`"${entry}" is not a slug (text.generate) or a category (text.*).`);
    }
  }

  const saveLimits = useMutation({
    mutationFn: (body: LimitsBody) => save(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setDraft(null);
      toast('Limits saved; they apply at once');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || problems.length) return;
    const perSlug = Object.fromEntries(draft.perSlug.map((row) => [row.slug, Number(row.limit)]));
    const allowed = splitList(draft.allowed);
    saveLimits.mutate({
      ...(draft.requestsPerWindow ? { requests_per_window: Number(draft.requestsPerWindow) } : {}),
      ...(Object.keys(perSlug).length ? { per_slug: perSlug } : {}),
      ...(allowed.length ? { allowed_endpoints: allowed } : {}),
    });
  };

  const slugs = catalog.data?.data.map((e) => e.slug) ?? [];
  const current = limits.data;
  return (
    <Card
      title="Limits"
      description={`Requests per rate-limit window for ${subject}, and which endpoints it may call. Your limits can only be lower than the gateway's.`}
      actions={
        !readOnly && !draft && current ? (
          <button type="button" className="btn btn-sm" onClick={() => setDraft(toDraft(current))}>
            Edit limits
          </button>
        ) : undefined
      }
    >
      {limits.isPending ? (
        <Loading />
      ) : limits.isError ? (
        <ErrorNotice error={limits.error} onRetry={() => void limits.refetch()} />
      ) : draft ? (
        <form className="form" onSubmit={submit}>
          <TextField
            label="All endpoints together"
            inputMode="numeric"
            value={draft.requestsPerWindow}
            onChange={(e) => setDraft({ ...draft, requestsPerWindow: e.target.value })}
            hint="Requests per window across every endpoint. Empty: no limit of yours."
          />
          <fieldset>
            <legend>Per endpoint</legend>
            {draft.perSlug.length === 0 && <p className="faint">No per-endpoint limit.</p>}
            {draft.perSlug.map((row, index) => (
              <div className="form-row" key={index}>
                <div className="field">
                  <label htmlFor={`limit-slug-${index}`}>Endpoint</label>
                  <select
                    id={`limit-slug-${index}`}
                    value={row.slug}
                    onChange={(e) =>
                      setDraft({ ...draft, perSlug: draft.perSlug.map((r, i) => (i === index ? { ...r, slug: e.target.value } : r)) })
                    }
                  >
                    <option value="">Choose…</option>
                    {[...new Set([...slugs, row.slug].filter(Boolean))].map((slug) => (
                      <option key={slug} value={slug}>
                        {slug}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  label="Requests per window"
                  inputMode="numeric"
                  value={row.limit}
                  onChange={(e) =>
                    setDraft({ ...draft, perSlug: draft.perSlug.map((r, i) => (i === index ? { ...r, limit: e.target.value } : r)) })
                  }
                />
                <div className="field">
                  <span className="label" aria-hidden="true">
                    &nbsp;
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger-outline"
                    onClick={() => setDraft({ ...draft, perSlug: draft.perSlug.filter((_, i) => i !== index) })}
                    aria-label={`Remove the limit of ${row.slug || 'this endpoint'}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setDraft({ ...draft, perSlug: [...draft.perSlug, { slug: '', limit: '' }] })}
            >
              Add a per-endpoint limit
            </button>
          </fieldset>
          <TextField
            label="Allowed endpoints"
            value={draft.allowed}
            onChange={(e) => setDraft({ ...draft, allowed: e.target.value })}
            hint="Slugs or whole categories, separated by commas: text.*, data.enrich. Empty: every endpoint of your plan."
          />
          {problems.length > 0 && (
            <div className="alert alert-error" role="alert">
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <FormError error={saveLimits.error} />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={saveLimits.isPending || problems.length > 0}>
              Save limits
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className="details">
          <dt>All endpoints</dt>
          <dd>{current?.requests_per_window ? `${formatCount(current.requests_per_window)} per window` : 'No limit of yours'}</dd>
          <dt>Per endpoint</dt>
          <dd>
            {Object.keys(current?.per_slug ?? {}).length === 0
              ? 'None'
              : Object.entries(current?.per_slug ?? {}).map(([slug, limit]) => (
                  <div key={slug}>
                    <span className="mono">{slug}</span>: {formatCount(limit)} per window
                  </div>
                ))}
          </dd>
          <dt>Allowed endpoints</dt>
          <dd>
            {current?.allowed_endpoints?.length ? (
              <span className="mono">{current.allowed_endpoints.join(', ')}</span>
            ) : (
              'Every endpoint of your plan'
            )}
          </dd>
        </dl>
      )}
    </Card>
  );
}

function splitList(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}
