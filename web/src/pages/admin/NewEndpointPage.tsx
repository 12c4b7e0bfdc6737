/**
 * Adds a catalog endpoint (POST /api/admin/v1/catalog): its slug (category and operation; the
 * category decides the billing unit), prices (in the billing unit, or per meter: MeterPricesEditor),
 * default limit, declared latency, output limit (text) and its upstreams in fallback order. The API checks every field; its messages are shown next to the fields they name.
 * Models are set on the endpoint's page once it exists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type { Category, CreateCatalogEntryRequest } from '../../api/openapi.generated';
import { useToast } from '../../components/Toasts';
import { Card, FormError, PageHeader, SelectField, TextField } from '../../components/ui';
import { CATEGORY_BILLING_UNIT } from '../../lib/billing-units';
import { CATEGORIES, CATEGORY_UNIT_LABELS, categoryLabel } from '../../lib/categories';
import { fieldProblems } from '../../lib/field-problems';
import { DEFAULT_METER, isUnitPrice } from '../../lib/meters';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  checkMeterPrices,
  meterPricePaths,
  MeterPricesEditor,
  newMeterPrices,
  priceProblemsOf,
  type MeterPriceDraft,
} from './MeterPricesEditor';
import { newUpstream, toUpstreamRequests, upstreamPaths, UpstreamsEditor, type UpstreamDraft } from './UpstreamsEditor';

interface Draft {
  category: Category;
  operation: string;
  description: string;
  prices: MeterPriceDraft[];
  defaultLimit: string;
  declaredLatency: string;
  maxQuantity: string;
  /** Text endpoints: the upstream's output limit; empty: none declared. */
  maxOutputTokens: string;
  streamable: boolean;
  upstreams: UpstreamDraft[];
}

const FIELDS = ['slug', 'description', 'default_rate_limit', 'declared_latency_ms', 'max_quantity_per_call', 'max_output_tokens'];

/** A whole number as typed; the API decides whether it is in range (and says so next to the field). */
function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

export function NewEndpointPage() {
  useDocumentTitle('New endpoint');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => ({
    category: 'text',
    operation: '',
    description: '',
    prices: newMeterPrices('tokens_1k'),
    defaultLimit: '600',
    declaredLatency: '',
    maxQuantity: '',
    maxOutputTokens: '',
    streamable: false,
    upstreams: [newUpstream()],
  }));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const unit = CATEGORY_BILLING_UNIT[draft.category];
  const unitLabel = CATEGORY_UNIT_LABELS[draft.category];
  /** A price still in the old category's one meter follows the category to its unit's meter. */
  const setCategory = (category: Category) =>
    setDraft((current) => {
      const before = CATEGORY_BILLING_UNIT[current.category];
      const unitPrice = isUnitPrice(
        before,
        current.prices.map((p) => p.meter),
      );
      const prices = unitPrice ? [{ ...current.prices[0], meter: DEFAULT_METER[CATEGORY_BILLING_UNIT[category]] }] : current.prices;
      return { ...current, category, prices };
    });
  const slug = `${draft.category}.${draft.operation.trim()}`;

  const create = useMutation({
    mutationFn: (body: CreateCatalogEntryRequest) => adminApi.catalog.create(body),
    onSuccess: (entry) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      void queryClient.invalidateQueries({ queryKey: ['public', 'catalog'] });
      toast(`${entry.slug} added; it is callable now`);
      void navigate(`/admin/catalog/${entry.slug}`);
    },
  });
  const problems = fieldProblems(create.error, [
    ...FIELDS,
    ...meterPricePaths('', draft.prices.length),
    ...upstreamPaths(draft.upstreams.length),
  ]);
  const serverPriceProblems = priceProblemsOf(create.error, 'the price');

  // What the browser must check itself: USD as typed into the exact decimal string, and text into numbers.
  const prices = checkMeterPrices(draft.prices, unit);
  const defaultLimit = wholeNumber(draft.defaultLimit);
  const declared = draft.declaredLatency.trim() === '' ? undefined : wholeNumber(draft.declaredLatency);
  const maxQuantity = draft.maxQuantity.trim() === '' ? undefined : wholeNumber(draft.maxQuantity);
  const tokens = unit === 'tokens_1k';
  const maxOutputTokens = !tokens || draft.maxOutputTokens.trim() === '' ? undefined : wholeNumber(draft.maxOutputTokens);
  const [tried, setTried] = useState(false);
  const local = {
    prices: prices.valid ? null : 'See the prices.',
    defaultLimit: defaultLimit === null ? 'A whole number of requests.' : null,
    declared: declared === null ? 'A whole number of milliseconds, or empty.' : null,
    maxQuantity: maxQuantity === null ? 'A whole number, or empty for the default.' : null,
    maxOutputTokens: maxOutputTokens === null ? 'A whole number of tokens, or empty.' : null,
  };
  const shown = (message: string | null) => (tried ? message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(local).some(Boolean)) return;
    create.mutate({
      slug,
      description: draft.description.trim(),
      ...prices.fields(true),
      default_rate_limit: defaultLimit!,
      ...(declared === undefined ? {} : { declared_latency_ms: declared! }),
      ...(maxQuantity === undefined ? {} : { max_quantity_per_call: maxQuantity! }),
      ...(maxOutputTokens === undefined ? {} : { max_output_tokens: maxOutputTokens! }),
      streamable: draft.streamable,
      upstreams: toUpstreamRequests(draft.upstreams),
    });
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/admin/catalog', label: 'Catalog' }}
        title="New endpoint"
        description="It is on the public catalog and callable on every gateway process as soon as it is added. Add models on its page afterwards."
      />
      <form className="stack" onSubmit={submit} noValidate>
        <Card title="Endpoint" description="The category decides the billing unit; the slug is what callers put in the URL.">
          <div className="form">
            <div className="form-row">
              <SelectField
                label="Category"
                value={draft.category}
                onChange={(e) => setCategory(e.target.value as Category)}
                options={CATEGORIES.map((category) => ({
                  value: category,
                  label: `${categoryLabel(category)}: per ${CATEGORY_UNIT_LABELS[category]}`,
                }))}
              />
              <TextField
                label="Operation"
                required
                value={draft.operation}
                onChange={(e) => set({ operation: e.target.value })}
                placeholder="summarize"
                hint={
                  <>
                    Slug: <span className="mono">{slug}</span>
                  </>
                }
                error={problems.of('slug')}
              />
            </div>
            <TextField
              label="Description"
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              placeholder="What it does, for the public catalog."
              error={problems.of('description')}
            />
          </div>
        </Card>
        <Card
          title="Prices and limits"
          description={
            isUnitPrice(
              unit,
              draft.prices.map((p) => p.meter),
            )
              ? `Prices are USD per ${unitLabel}. Resale is what tenants pay before their plan's discount.`
              : "Prices are USD per each meter's unit. Resale is what tenants pay before their plan's discount."
          }
        >
          <div className="form">
            <MeterPricesEditor
              rows={draft.prices}
              onChange={(rows) => set({ prices: rows })}
              unit={unit}
              checked={prices}
              showAmountProblems={tried}
              problemOf={problems.of}
              serverProblems={serverPriceProblems}
            />
            <div className="form-row">
              <TextField
                label="Default limit per window"
                inputMode="numeric"
                required
                value={draft.defaultLimit}
                onChange={(e) => set({ defaultLimit: e.target.value })}
                hint="Requests per key, unless a limit says otherwise."
                error={shown(local.defaultLimit) ?? problems.of('default_rate_limit')}
              />
              <TextField
                label="Declared latency (ms)"
                inputMode="numeric"
                value={draft.declaredLatency}
                onChange={(e) => set({ declaredLatency: e.target.value })}
                hint="Published on the catalog. Empty: 0."
                error={shown(local.declared) ?? problems.of('declared_latency_ms')}
              />
              <TextField
                label="Usage cap per call"
                inputMode="numeric"
                value={draft.maxQuantity}
                onChange={(e) => set({ maxQuantity: e.target.value })}
                hint="In the unit's base measure. Empty: the unit's default."
                error={shown(local.maxQuantity) ?? problems.of('max_quantity_per_call')}
              />
              {tokens && (
                <TextField
                  label="Output tokens per call"
                  inputMode="numeric"
                  value={draft.maxOutputTokens}
                  onChange={(e) => set({ maxOutputTokens: e.target.value })}
                  hint="The upstream's output limit: what a budget holds for a call without max_tokens. Empty: none declared (the usage cap is held)."
                  error={shown(local.maxOutputTokens) ?? problems.of('max_output_tokens')}
                />
              )}
            </div>
            <label className="check">
              <input type="checkbox" checked={draft.streamable} onChange={(e) => set({ streamable: e.target.checked })} />
              Streams (Server-Sent Events)
            </label>
          </div>
        </Card>
        <Card
          title="Upstreams"
          description="Tried in this order until one answers. Secrets stay in the gateway's environment; only the variable's name is stored."
        >
          <div className="form">
            <UpstreamsEditor rows={draft.upstreams} onChange={(upstreams) => set({ upstreams })} problemOf={problems.of} />
          </div>
        </Card>
        <FormError error={create.error} placed={[...problems.placed, ...serverPriceProblems]} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
          <Link className="btn" to="/admin/catalog">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
