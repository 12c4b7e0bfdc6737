/**
 * A reseller's markups over its cost (what it owes: the list price under its plan's discount), in
 * percent, on every slug or on one: for every customer, or one customer's own. A markup prices every
 * meter of a slug that has no fixed price (PricesEditor); the one on a slug beats the one on every
 * slug, and a customer's own beats the one for every customer on the same slug. Sent as basis points.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MarkupView } from '../api/openapi.generated';
import { publicApi } from '../api/public-api';
import { bpsToPercentInput, EVERY_SLUG, MAX_MARKUP_BPS, percentToBps } from '../lib/customer-prices';
import { formatBps } from '../lib/format';
import { useConfirm } from './Confirm';
import { DataTable } from './DataTable';
import { Modal } from './Modal';
import { useToast } from './Toasts';
import { EmptyState, ErrorNotice, FormActions, FormError, Loading, SelectField, SetRemoveActions, TextField } from './ui';
import { usePriceScope, type PriceScopeProps } from './use-price-scope';

/** A slug of a markup for people. */
const slugName = (slug: string) => (slug === EVERY_SLUG ? 'every slug' : slug);

/** One row: a slug with a markup of this scope, or (for a customer) one for every customer. */
interface MarkupRow {
  slug: string;
  own: MarkupView | undefined;
  everyCustomer: MarkupView | undefined;
}

export function MarkupsEditor({ customerId, scope, readOnly }: PriceScopeProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  const prices = usePriceScope(customerId);
  /** The slug being set: a row's, or chosen in the dialog (`adding`). */
  const [editing, setEditing] = useState<{ slug: string; adding: boolean } | null>(null);
  const [percent, setPercent] = useState('');
  const bps = percentToBps(percent);
  const percentError = percent && bps === null ? `A percentage from 0 to ${MAX_MARKUP_BPS / 100}, with at most 2 decimals.` : null;

  const setMarkup = useMutation({
    mutationFn: () => prices.api.setMarkup(editing!.slug, bps!),
    onSuccess: () => {
      prices.changed();
      toast(`Markup on ${slugName(editing!.slug)} saved; it applies to the next call`);
      setEditing(null);
    },
  });
  const removeMarkup = useMutation({
    mutationFn: (slug: string) => prices.api.removeMarkup(slug),
    onSuccess: () => {
      prices.changed();
      toast('Markup removed');
    },
  });

  if (catalog.isPending || prices.isPending) return <Loading />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} />;
  if (prices.error || !prices.own) return <ErrorNotice error={prices.error} onRetry={prices.retry} />;

  const forCustomer = customerId !== null;
  const own = prices.own.markups;
  const everyCustomer = prices.fallback?.markups ?? [];
  const slugs = [...new Set([...own, ...everyCustomer].map((m) => m.slug))].sort((a, b) =>
    a === EVERY_SLUG ? -1 : b === EVERY_SLUG ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  const rows: MarkupRow[] = slugs.map((slug) => ({
    slug,
    own: own.find((m) => m.slug === slug),
    everyCustomer: everyCustomer.find((m) => m.slug === slug),
  }));
  const open = (slug: string, adding: boolean) => {
    setPercent(adding ? '' : bpsToPercentInput(own.find((m) => m.slug === slug)?.markup_bps ?? 0));
    setEditing({ slug, adding });
    setMarkup.reset();
  };
  const askRemove = async (slug: string) => {
    if (
      await confirm({
        title: `Remove the markup on ${slugName(slug)}?`,
        body: forCustomer
          ? 'This customer then pays your markup for every customer there, else the catalog’s list price.'
          : slug === EVERY_SLUG
            ? 'Slugs without a markup or price of their own then cost your customers the catalog’s list price.'
            : 'This slug then follows your markup on every slug, else the catalog’s list price.',
        confirmLabel: 'Remove markup',
      })
    )
      removeMarkup.mutate(slug);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bps !== null && editing) setMarkup.mutate();
  };

  return (
    <>
      {removeMarkup.isError && <FormError error={removeMarkup.error} />}
      {rows.length === 0 ? (
        <EmptyState title="No markups">
          {forCustomer
            ? `${scope} pays your prices and markups for every customer, else the catalog’s list price.`
            : 'Without a markup or a price, your customers pay the catalog’s list price.'}
        </EmptyState>
      ) : (
        <DataTable<MarkupRow>
          caption={`Markups for ${scope}`}
          rows={rows}
          rowKey={(row) => row.slug}
          columns={[
            {
              header: 'On',
              primary: true,
              cell: (row) => <span className={row.slug === EVERY_SLUG ? 'cell-title' : 'cell-title mono'}>{slugName(row.slug)}</span>,
            },
            ...(forCustomer
              ? [
                  {
                    header: 'For every customer',
                    numeric: true,
                    cell: (row: MarkupRow) =>
                      row.everyCustomer ? formatBps(row.everyCustomer.markup_bps) : <span className="faint unset">—</span>,
                  },
                ]
              : []),
            {
              header: forCustomer ? 'Own markup' : 'Markup',
              numeric: true,
              cell: (row) =>
                row.own ? (
                  <strong data-testid="markup">{formatBps(row.own.markup_bps)}</strong>
                ) : (
                  <span className="faint unset">not set</span>
                ),
            },
            {
              header: 'Actions',
              actions: true,
              cell: (row) =>
                readOnly ? null : (
                  <SetRemoveActions
                    isSet={row.own !== undefined}
                    what={`the markup on ${slugName(row.slug)}`}
                    onSet={() => open(row.slug, false)}
                    onRemove={() => void askRemove(row.slug)}
                  />
                ),
            },
          ]}
        />
      )}
      {!readOnly && (
        <div className="card-body row">
          <button type="button" className="btn btn-sm" onClick={() => open(EVERY_SLUG, true)}>
            Add a markup
          </button>
        </div>
      )}
      <Modal
        open={editing !== null}
        title={editing ? (editing.adding ? `A markup for ${scope}` : `Markup on ${slugName(editing.slug)} for ${scope}`) : ''}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <form className="form" onSubmit={submit}>
            {editing.adding && (
              <SelectField
                label="On"
                value={editing.slug}
                onChange={(e) => setEditing({ ...editing, slug: e.target.value })}
                options={[{ value: EVERY_SLUG, label: 'Every slug' }, ...catalog.data.data.map((e) => ({ value: e.slug, label: e.slug }))]}
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
            <FormActions submitLabel="Save markup" disabled={setMarkup.isPending || bps === null} onCancel={() => setEditing(null)} />
          </form>
        )}
      </Modal>
    </>
  );
}
