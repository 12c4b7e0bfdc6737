/**
 * One catalog endpoint: the per-endpoint limit, prices and settings, enabled, and the upstreams in
 * fallback order. Each save is one operator API call, applied live on every process.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type {
  CatalogEntryView,
  ModelRequest,
  ModelView,
  UpdateCatalogEntryRequest,
  UpstreamRequest,
  UpstreamView,
} from '../../api/openapi.generated';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/Toasts';
import { Badge, Card, EmptyState, ErrorNotice, FormError, Loading, PageHeader, TextField } from '../../components/ui';
import { fieldProblems } from '../../lib/field-problems';
import { formatCount, formatMs } from '../../lib/format';
import { isUnitPrice } from '../../lib/meters';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ReorderButtons } from '../../components/ReorderButtons';
import {
  checkMeterPrices,
  meterPricePaths,
  MeterPricesEditor,
  priceProblemsOf,
  toMeterPriceDrafts,
  type MeterPriceDraft,
} from './MeterPricesEditor';
import { MeterPriceList } from './MeterPriceList';
import { toUpstreamDraft, toUpstreamRequests, upstreamPaths, UpstreamsEditor, type UpstreamDraft } from './UpstreamsEditor';

export function CatalogEndpointPage() {
  const { slug = '' } = useParams();
  useDocumentTitle(slug);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const entry = useQuery({ queryKey: ['admin', 'catalog', slug], queryFn: () => adminApi.catalog.get(slug) });
  const latency = useQuery({ queryKey: ['admin', 'latency'], queryFn: adminApi.latency });

  const saved = (next: CatalogEntryView, message: string) => {
    queryClient.setQueryData(['admin', 'catalog', slug], next);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['public', 'catalog'] });
    toast(message);
  };
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) => adminApi.catalog.update(slug, { enabled }),
    onSuccess: (next) => saved(next, next.enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
  });

  if (entry.isPending) return <Loading page />;
  if (entry.isError) return <ErrorNotice error={entry.error} onRetry={() => void entry.refetch()} title="Could not load this endpoint." />;
  const current = entry.data;
  const measured = latency.data?.data.find((row) => row.slug === slug);

  const askDisable = async () => {
    if (
      await confirm({
        title: `Disable ${slug}?`,
        body: 'Every call to it is answered 503 endpoint_disabled, on every gateway process, until you enable it again. It leaves the public catalog.',
        confirmLabel: 'Disable endpoint',
      })
    )
      setEnabled.mutate(false);
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/admin/catalog', label: 'Catalog' }}
        title={<span className="mono">{slug}</span>}
        description={current.description || `Billed per ${current.billing_unit_label}.`}
        actions={
          current.enabled ? (
            <button type="button" className="btn btn-danger-outline" onClick={() => void askDisable()} disabled={setEnabled.isPending}>
              Disable
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => setEnabled.mutate(true)} disabled={setEnabled.isPending}>
              Enable
            </button>
          )
        }
      />
      <div className="stack">
        {setEnabled.isError && <FormError error={setEnabled.error} />}
        {!current.enabled && (
          <div className="alert alert-warn" role="status">
            This endpoint is disabled: calls are answered 503 endpoint_disabled.
          </div>
        )}
        <div className="grid-2">
          <EndpointLimitCard entry={current} onSaved={saved} />
          <Card title="Latency" description="Declared in the catalog, against the answered calls of the last 7 UTC days.">
            <dl className="details">
              <dt>Declared</dt>
              <dd>{formatMs(current.declared_latency_ms)}</dd>
              <dt>Measured p50</dt>
              <dd>{formatMs(measured?.measured_p50_ms)}</dd>
              <dt>Measured p95</dt>
              <dd>{formatMs(measured?.measured_p95_ms)}</dd>
              <dt>Sample</dt>
              <dd>{measured ? `${formatCount(measured.sample_calls)} calls` : '—'}</dd>
            </dl>
          </Card>
        </div>
        <SettingsCard entry={current} onSaved={saved} />
        <UpstreamsCard entry={current} onSaved={saved} />
        <ModelsCard entry={current} onSaved={saved} />
      </div>
    </>
  );
}

function EndpointLimitCard({ entry, onSaved }: { entry: CatalogEntryView; onSaved: (next: CatalogEntryView, message: string) => void }) {
  const [value, setValue] = useState(entry.endpoint_rate_limit === null ? '' : String(entry.endpoint_rate_limit));
  const valid = value === '' || (/^[1-9]\d*$/.test(value) && Number(value) <= 2_147_483_647);
  const save = useMutation({
    mutationFn: (limit: number | null) => adminApi.catalog.setLimit(entry.slug, limit),
    onSuccess: (next) => {
      setValue(next.endpoint_rate_limit === null ? '' : String(next.endpoint_rate_limit));
      onSaved(
        next,
        next.endpoint_rate_limit === null ? 'Per-endpoint limit removed' : `Limit set to ${next.endpoint_rate_limit} per window`,
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(value === '' ? null : Number(value));
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

function SettingsCard({ entry, onSaved }: { entry: CatalogEntryView; onSaved: (next: CatalogEntryView, message: string) => void }) {
  const initial = {
    description: entry.description,
    prices: toMeterPriceDrafts(entry.prices),
    defaultLimit: String(entry.default_rate_limit),
    declaredLatency: String(entry.declared_latency_ms),
    maxQuantity: entry.max_quantity_per_call === null ? '' : String(entry.max_quantity_per_call),
    maxOutputTokens: entry.max_output_tokens === null ? '' : String(entry.max_output_tokens),
    streamable: entry.streamable,
  };
  const [draft, setDraft] = useState(initial);
  const problems: string[] = [];
  const prices = checkMeterPrices(draft.prices, entry.billing_unit);
  const int = (text: string, label: string, min: number) => {
    if (!/^\d+$/.test(text) || Number(text) < min) problems.push(`${label}: a whole number of at least ${min}.`);
    return Number(text);
  };
  const defaultLimit = int(draft.defaultLimit, 'Default limit', 1);
  const declared = int(draft.declaredLatency, 'Declared latency', 0);
  const maxQuantity = draft.maxQuantity === '' ? null : int(draft.maxQuantity, 'Usage cap per call', 1);
  const maxOutputTokens = draft.maxOutputTokens === '' ? null : int(draft.maxOutputTokens, 'Output tokens per call', 1);

  const save = useMutation({
    mutationFn: (body: UpdateCatalogEntryRequest) => adminApi.catalog.update(entry.slug, body),
    onSuccess: (next) => {
      // The API's order of meters (and fresh row keys), so Reset goes back to what is stored now.
      setDraft((current) => ({ ...current, prices: toMeterPriceDrafts(next.prices) }));
      onSaved(next, 'Endpoint saved; it applies at once');
    },
  });
  const apiProblems = fieldProblems(save.error, meterPricePaths('', draft.prices.length));
  const serverPriceProblems = priceProblemsOf(save.error, 'the price');
  // The shorthand only while the endpoint is priced in its unit's one meter (the API refuses it otherwise).
  const storedAsUnitPrice = entry.wholesale_usd_per_unit !== null;
  const unitPrice = isUnitPrice(
    entry.billing_unit,
    draft.prices.map((p) => p.meter),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length || !prices.valid) return;
    save.mutate({
      description: draft.description,
      ...prices.fields(storedAsUnitPrice),
      default_rate_limit: defaultLimit,
      declared_latency_ms: declared,
      max_quantity_per_call: maxQuantity,
      ...(entry.billing_unit === 'tokens_1k' ? { max_output_tokens: maxOutputTokens } : {}),
      streamable: draft.streamable,
    });
  };
  return (
    <Card
      title="Prices and settings"
      description={
        unitPrice
          ? `Prices are USD per ${entry.billing_unit_label}. Resale is what tenants pay before their plan's discount.`
          : "Prices are USD per each meter's unit. Resale is what tenants pay before their plan's discount."
      }
    >
      <form className="form" onSubmit={submit}>
        <MeterPricesEditor
          rows={draft.prices}
          onChange={(rows) => setDraft({ ...draft, prices: rows })}
          unit={entry.billing_unit}
          checked={prices}
          problemOf={apiProblems.of}
          serverProblems={serverPriceProblems}
        />
        <div className="form-row">
          <TextField
            label="Default limit per window"
            inputMode="numeric"
            value={draft.defaultLimit}
            onChange={(e) => setDraft({ ...draft, defaultLimit: e.target.value })}
          />
          <TextField
            label="Declared latency (ms)"
            inputMode="numeric"
            value={draft.declaredLatency}
            onChange={(e) => setDraft({ ...draft, declaredLatency: e.target.value })}
          />
          <TextField
            label="Usage cap per call"
            inputMode="numeric"
            value={draft.maxQuantity}
            onChange={(e) => setDraft({ ...draft, maxQuantity: e.target.value })}
            hint={`In the unit's base measure. Empty: the default (${formatCount(entry.effective_max_quantity_per_call)} now).`}
          />
          {entry.billing_unit === 'tokens_1k' && (
            <TextField
              label="Output tokens per call"
              inputMode="numeric"
              value={draft.maxOutputTokens}
              onChange={(e) => setDraft({ ...draft, maxOutputTokens: e.target.value })}
              hint="The upstream's output limit: what a budget holds for a call without max_tokens. Empty: none declared (the usage cap is held)."
            />
          )}
        </div>
        <TextField label="Description" value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        <label className="check">
          <input type="checkbox" checked={draft.streamable} onChange={(e) => setDraft({ ...draft, streamable: e.target.checked })} />
          Streams (Server-Sent Events)
        </label>
        {problems.length > 0 && (
          <div className="alert alert-warn">
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <FormError error={save.error} placed={[...apiProblems.placed, ...serverPriceProblems]} />
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || problems.length > 0 || !prices.valid}>
            Save
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setDraft(initial)}>
            Reset
          </button>
        </div>
      </form>
    </Card>
  );
}

function UpstreamsCard({ entry, onSaved }: { entry: CatalogEntryView; onSaved: (next: CatalogEntryView, message: string) => void }) {
  const confirm = useConfirm();
  const [draft, setDraft] = useState<UpstreamDraft[] | null>(null);
  const save = useMutation({
    mutationFn: (upstreams: UpstreamRequest[]) => adminApi.catalog.setUpstreams(entry.slug, upstreams),
    onSuccess: (next) => {
      setDraft(null);
      onSaved(next, 'Upstreams replaced');
    },
  });
  const problems = fieldProblems(save.error, upstreamPaths(draft?.length ?? 0));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const removed = entry.upstreams.filter((u) => !draft.some((d) => d.key === u.id));
    if (
      removed.length > 0 &&
      !(await confirm({
        title: 'Remove upstreams?',
        body: `${removed.map((u) => u.name).join(', ')} will no longer serve ${entry.slug}.`,
        confirmLabel: 'Replace upstreams',
      }))
    )
      return;
    save.mutate(toUpstreamRequests(draft));
  };

  return (
    <Card
      title="Upstreams"
      description="Tried in this order until one answers. Secrets stay in the gateway's environment; only the variable's name is stored."
      flush={draft === null}
      actions={
        draft === null ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              save.reset();
              setDraft(entry.upstreams.map(toUpstreamDraft));
            }}
          >
            Edit upstreams
          </button>
        ) : undefined
      }
    >
      {draft === null ? (
        <DataTable<UpstreamView>
          caption={`Upstreams of ${entry.slug}`}
          rows={entry.upstreams}
          rowKey={(u) => u.id}
          columns={[
            { header: 'Upstream', primary: true, cell: (u) => <span className="cell-title">{u.name}</span> },
            { header: 'Kind', cell: (u) => <Badge>{u.kind}</Badge> },
            { header: 'Target', cell: (u) => <span className="mono">{u.base_url ? `${u.base_url}${u.path}` : '(built in)'}</span> },
            { header: 'Timeout', numeric: true, cell: (u) => formatMs(u.timeout_ms) },
            { header: 'State', cell: (u) => (u.enabled ? <Badge tone="ok">enabled</Badge> : <Badge tone="danger">disabled</Badge>) },
          ]}
        />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <UpstreamsEditor rows={draft} onChange={setDraft} problemOf={problems.of} />
          <FormError error={save.error} placed={problems.placed} />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || draft.length === 0}>
              Save upstreams
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}

interface ModelDraft {
  key: string;
  name: string;
  prices: MeterPriceDraft[];
  /** Empty: the endpoint's output limit. */
  maxOutputTokens: string;
}

const MODEL_FIELDS = ['name', 'max_output_tokens'] as const;

function toModelDraft(model: ModelView): ModelDraft {
  return {
    key: model.name,
    name: model.name,
    prices: toMeterPriceDrafts(model.prices),
    maxOutputTokens: model.max_output_tokens === null ? '' : String(model.max_output_tokens),
  };
}

/** The models a caller may choose, each at its own price: shown, and replaced as a whole list (PUT …/models). */
function ModelsCard({ entry, onSaved }: { entry: CatalogEntryView; onSaved: (next: CatalogEntryView, message: string) => void }) {
  const confirm = useConfirm();
  const [draft, setDraft] = useState<ModelDraft[] | null>(null);
  const [added, setAdded] = useState(0);
  const save = useMutation({
    mutationFn: (models: ModelRequest[]) => adminApi.catalog.setModels(entry.slug, models),
    onSuccess: (next) => {
      setDraft(null);
      onSaved(
        next,
        next.models.length ? `Models saved (${next.models.length}); they apply at once` : 'Models removed: one price for every call',
      );
    },
  });
  const problems = fieldProblems(
    save.error,
    (draft ?? []).flatMap((row, index) => [
      ...MODEL_FIELDS.map((field) => `models.${index}.${field}`),
      ...meterPricePaths(`models.${index}.`, row.prices.length),
    ]),
  );
  // The API names a model's price problems by the name it was sent (src/catalog/meter-prices.ts).
  const serverPriceProblems = (row: ModelDraft) => priceProblemsOf(save.error, `model ${row.name.trim()}`);
  const tokensProblem = (text: string) => (text === '' || /^[1-9]\d*$/.test(text) ? null : 'A whole number of at least 1, or empty.');
  const checked = (draft ?? []).map((row) => checkMeterPrices(row.prices, entry.billing_unit));
  const valid = (draft ?? []).every((row, index) => checked[index].valid && tokensProblem(row.maxOutputTokens) === null);

  const update = (index: number, patch: Partial<ModelDraft>) =>
    setDraft((rows) => rows && rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: number) =>
    setDraft((rows) => {
      if (!rows) return rows;
      const next = [...rows];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid) return;
    const removed = entry.models.filter((m) => !draft.some((d) => d.name.trim() === m.name));
    if (
      removed.length > 0 &&
      !(await confirm({
        title: removed.length === 1 ? `Remove the model ${removed[0].name}?` : `Remove ${removed.length} models?`,
        body:
          draft.length === 0
            ? `Calls to ${entry.slug} will have one price (the endpoint's) and may no longer name a model.`
            : `Calls to ${entry.slug} that name ${removed.map((m) => m.name).join(', ')} will be refused.`,
        confirmLabel: 'Save models',
      }))
    )
      return;
    save.mutate(
      draft.map((row, index) => ({
        name: row.name.trim(),
        ...checked[index].fields(true),
        ...(row.maxOutputTokens === '' ? {} : { max_output_tokens: Number(row.maxOutputTokens) }),
      })),
    );
  };

  return (
    <Card
      title="Models"
      description={
        <>
          A caller chooses one with <code>model</code>; the first is the default. Prices are USD per {entry.billing_unit_label}, or per each
          meter&apos;s unit. Without models, every call has the endpoint&apos;s price.
        </>
      }
      flush={draft === null}
      actions={
        draft === null ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              save.reset();
              setDraft(entry.models.map(toModelDraft));
            }}
          >
            Edit models
          </button>
        ) : undefined
      }
    >
      {draft === null ? (
        <DataTable<ModelView>
          caption={`Models of ${entry.slug}`}
          rows={entry.models}
          rowKey={(m) => m.name}
          empty={
            <EmptyState title="No models">
              Every call is billed at the endpoint&apos;s own price, and callers send no <code>model</code>.
            </EmptyState>
          }
          columns={[
            {
              header: 'Model',
              primary: true,
              cell: (m) => (
                <>
                  <span className="cell-title mono">{m.name}</span>
                  {m.name === entry.models[0]?.name && <span className="cell-sub">default</span>}
                </>
              ),
            },
            {
              header: 'Wholesale',
              numeric: true,
              cell: (m) => <MeterPriceList unit={entry.billing_unit} prices={m.prices} side="wholesale" />,
            },
            { header: 'Resale', numeric: true, cell: (m) => <MeterPriceList unit={entry.billing_unit} prices={m.prices} side="resale" /> },
            ...(entry.billing_unit === 'tokens_1k'
              ? [
                  {
                    header: 'Output tokens',
                    numeric: true,
                    cell: (m: ModelView) => (m.max_output_tokens === null ? "endpoint's" : formatCount(m.max_output_tokens)),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          {draft.length === 0 && <p className="muted">No models: every call has the endpoint&apos;s price.</p>}
          {draft.map((row, index) => (
            <fieldset key={row.key}>
              <legend>
                {index + 1}. {row.name || 'New model'}
                {index === 0 ? ' (default)' : ''}
              </legend>
              <div className="form">
                <div className="form-row">
                  <TextField
                    label="Model name"
                    required
                    value={row.name}
                    onChange={(e) => update(index, { name: e.target.value })}
                    hint="What callers send as model."
                    error={problems.of(`models.${index}.name`)}
                  />
                  {entry.billing_unit === 'tokens_1k' && (
                    <TextField
                      label="Output tokens per call"
                      inputMode="numeric"
                      value={row.maxOutputTokens}
                      onChange={(e) => update(index, { maxOutputTokens: e.target.value })}
                      hint="The model's output limit, held by budgets for a call without max_tokens. Empty: the endpoint's."
                      error={tokensProblem(row.maxOutputTokens) ?? problems.of(`models.${index}.max_output_tokens`)}
                    />
                  )}
                </div>
                <MeterPricesEditor
                  rows={row.prices}
                  onChange={(prices) => update(index, { prices })}
                  unit={entry.billing_unit}
                  checked={checked[index]}
                  problemOf={problems.of}
                  pathPrefix={`models.${index}.`}
                  serverProblems={serverPriceProblems(row)}
                />
                <div className="row">
                  <ReorderButtons
                    label={row.name || `model ${index + 1}`}
                    index={index}
                    count={draft.length}
                    onMove={move}
                    onRemove={() => setDraft(draft.filter((_, i) => i !== index))}
                  />
                </div>
              </div>
            </fieldset>
          ))}
          <div className="row">
            <button
              type="button"
              className="btn btn-sm"
              disabled={draft.length >= 50}
              onClick={() => {
                setAdded(added + 1);
                setDraft([
                  ...draft,
                  {
                    key: `new-${added}`,
                    name: '',
                    // The endpoint's own price to start from.
                    prices: toMeterPriceDrafts(entry.prices),
                    maxOutputTokens: '',
                  },
                ]);
              }}
            >
              Add a model
            </button>
          </div>
          <FormError error={save.error} placed={[...problems.placed, ...draft.flatMap(serverPriceProblems)]} />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || !valid}>
              Save models
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}
