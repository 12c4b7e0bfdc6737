/**
 * What a reseller's customers pay per billing unit of each slug: the price for every customer, or one
 * customer's own. Entered in USD, checked in pico-USD and sent as the exact USD decimal string (no float on the way).
 * Beside every price: the list price (what a customer pays without one), the reseller's cost (the list
 * price under its plan's discount) and its margin; a price below cost is saved only after a confirmation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PriceListView, PublicEndpointView } from '../api/openapi.generated';
import { publicApi } from '../api/public-api';
import { resellerApi } from '../api/reseller-api';
import { formatBps } from '../lib/format';
import { discountedPicoUsd, formatPicoUsd, formatUnitPrice, formatUsd, picoUsdAsPriceInput, usdToPicoUsd } from '../lib/money';
import { useConfirm } from './Confirm';
import { DataTable } from './DataTable';
import { Modal } from './Modal';
import { useToast } from './Toasts';
import { ErrorNotice, FormError, Loading, TextField } from './ui';

export function PricesEditor({
  queryKey,
  load,
  save,
  remove,
  scope,
  defaults,
  readOnly,
}: {
  queryKey: unknown[];
  load: () => Promise<PriceListView>;
  save: (slug: string, usd: string) => Promise<unknown>;
  remove: (slug: string) => Promise<void>;
  /** "every customer" or the customer's name. */
  scope: string;
  /** For one customer: the prices for every customer, shown as what applies without its own. */
  defaults?: PriceListView;
  readOnly?: boolean;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const prices = useQuery({ queryKey, queryFn: load });
  const [editing, setEditing] = useState<PublicEndpointView | null>(null);
  const [amount, setAmount] = useState('');
  const pico = usdToPicoUsd(amount);
  const json = pico === null ? null : picoUsdAsPriceInput(pico);
  const amountError = amount && json === null ? 'An amount in USD with at most 12 decimals, up to about $9,007.' : null;

  const saved = () => void queryClient.invalidateQueries({ queryKey });
  const setPrice = useMutation({
    mutationFn: () => save(editing!.slug, json!),
    onSuccess: () => {
      saved();
      toast(`Price of ${editing!.slug} saved; it applies to the next call`);
      setEditing(null);
    },
  });
  const removePrice = useMutation({
    mutationFn: (slug: string) => remove(slug),
    onSuccess: () => {
      saved();
      toast('Price removed');
    },
  });

  if (catalog.isPending || prices.isPending || me.isPending) return <Loading />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} />;
  if (me.isError) return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  if (prices.isError) return <ErrorNotice error={prices.error} onRetry={() => void prices.refetch()} />;

  const own = new Map(prices.data.data.map((p) => [p.slug, p]));
  const fallback = new Map(defaults?.data.map((p) => [p.slug, p]) ?? []);
  const discountBps = me.data.plan?.resale_discount_bps ?? 0;
  /** The catalog's price per unit: what a customer pays where no price applies. */
  // A slug priced in several meters has no price per unit (null): this editor prices a slug's unit only.
  const listPico = (e: PublicEndpointView) => usdToPicoUsd(e.price_usd_per_unit ?? '0') ?? 0n;
  /** What the reseller owes per unit: the list price under its plan's discount. */
  const costPico = (e: PublicEndpointView) => discountedPicoUsd(listPico(e), discountBps);
  /** What this scope's customers pay per unit now: its own price, else the one for every customer, else the list price. */
  const paysPico = (e: PublicEndpointView) => {
    const price = own.get(e.slug) ?? fallback.get(e.slug);
    return price ? (usdToPicoUsd(price.price_usd_per_unit) ?? 0n) : listPico(e);
  };
  const costNote =
    discountBps > 0 ? `the list price less your plan's ${formatBps(discountBps)} discount` : 'the list price: your plan has no discount';
  const askRemove = async (slug: string) => {
    if (
      await confirm({
        title: `Remove the price of ${slug}?`,
        body: defaults
          ? "This customer then pays your price for every customer (or the catalog's list price)."
          : "Your customers then pay the catalog's list price for it.",
        confirmLabel: 'Remove price',
      })
    )
      removePrice.mutate(slug);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (json === null || pico === null || !editing) return;
    const cost = costPico(editing);
    if (
      pico < cost &&
      !(await confirm({
        title: `Price ${editing.slug} below your cost?`,
        body: `${formatPicoUsd(pico)} is below your cost of ${formatPicoUsd(cost)} per ${editing.billing_unit_label}: you would lose ${formatPicoUsd(cost - pico)} on every ${editing.billing_unit_label} ${scope === 'every customer' ? 'your customers use' : `${scope} uses`}.`,
        confirmLabel: 'Save below cost',
      }))
    )
      return;
    setPrice.mutate();
  };

  return (
    <>
      {removePrice.isError && <FormError error={removePrice.error} />}
      <DataTable<PublicEndpointView>
        caption={`Prices for ${scope}`}
        rows={catalog.data.data}
        rowKey={(e) => e.slug}
        columns={[
          {
            header: 'Endpoint',
            primary: true,
            cell: (e) => (
              <>
                <span className="cell-title mono">{e.slug}</span>
                <span className="cell-sub">per {e.billing_unit_label}</span>
              </>
            ),
          },
          { header: 'List price', numeric: true, cell: (e) => formatUnitPrice(e.price_usd_per_unit) },
          { header: 'Your cost', numeric: true, cell: (e) => <span data-testid="cost">{formatPicoUsd(costPico(e))}</span> },
          ...(defaults
            ? [
                {
                  header: 'For every customer',
                  numeric: true,
                  cell: (e: PublicEndpointView) =>
                    fallback.get(e.slug) ? formatUsd(fallback.get(e.slug)!.price_usd_per_unit) : <span className="faint unset">—</span>,
                },
              ]
            : []),
          {
            header: defaults ? 'Own price' : 'Your price',
            numeric: true,
            cell: (e) =>
              own.get(e.slug) ? (
                <strong>{formatUsd(own.get(e.slug)!.price_usd_per_unit)}</strong>
              ) : (
                <span className="faint unset">not set</span>
              ),
          },
          {
            header: 'Margin',
            numeric: true,
            cell: (e) => {
              const margin = paysPico(e) - costPico(e);
              return (
                <span data-testid="margin" className={margin < 0n ? 'loss' : undefined}>
                  {formatPicoUsd(margin)}
                </span>
              );
            },
          },
          {
            header: 'Actions',
            actions: true,
            cell: (e) =>
              readOnly ? null : (
                <span className="row">
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => {
                      setAmount(own.get(e.slug)?.price_usd_per_unit ?? '');
                      setEditing(e);
                      setPrice.reset();
                    }}
                    aria-label={`Set the price of ${e.slug}`}
                  >
                    {own.has(e.slug) ? 'Change' : 'Set'}
                  </button>
                  {own.has(e.slug) && (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger-outline"
                      onClick={() => void askRemove(e.slug)}
                      aria-label={`Remove the price of ${e.slug}`}
                    >
                      Remove
                    </button>
                  )}
                </span>
              ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing ? `Price of ${editing.slug} for ${scope}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <form className="form" onSubmit={(event) => void submit(event)}>
            <dl className="price-terms" data-testid="price-terms">
              <div>
                <dt>List price</dt>
                <dd>{formatUnitPrice(editing.price_usd_per_unit)}</dd>
              </div>
              <div>
                <dt>Your cost</dt>
                <dd>{formatPicoUsd(costPico(editing))}</dd>
              </div>
              <div>
                <dt>Margin at this price</dt>
                <dd className={pico !== null && pico < costPico(editing) ? 'loss' : undefined} data-testid="dialog-margin">
                  {pico === null ? '—' : formatPicoUsd(pico - costPico(editing))}
                </dd>
              </div>
            </dl>
            <TextField
              label={`USD per ${editing.billing_unit_label}`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountError}
              hint={`Without a price, the list price applies. Your cost is ${costNote}; a price below it loses money on every call.`}
              autoFocus
              required
            />
            <FormError error={setPrice.error} />
            <div className="row">
              <button type="submit" className="btn btn-primary" disabled={setPrice.isPending || json === null}>
                Save price
              </button>
              <button type="button" className="btn" onClick={() => setEditing(null)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
