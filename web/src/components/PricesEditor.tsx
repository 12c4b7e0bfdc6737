/**
 * What a reseller's customers pay per unit of each meter of each slug (input and output tokens, an
 * image, a minute, …): the fixed price for every customer, or one customer's own. Entered in USD,
 * checked in pico-USD and sent as the exact USD decimal string (no float on the way). Beside every
 * meter: the list price (what a customer pays without a price or markup), the reseller's cost (the
 * list price under its plan's discount), what this scope pays now and why (its own fixed price, else
 * the one for every customer, else a markup, else the list price: the Set button becomes Change where
 * a price of its own is set) and the margin; a price below cost is saved only after a confirmation.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { publicApi } from '../api/public-api';
import { resellerApi } from '../api/reseller-api';
import { appliedPrice, meterRows, paysPicoUsd, type AppliedPrice, type MeterRow } from '../lib/customer-prices';
import { formatBps } from '../lib/format';
import { discountedPicoUsd, formatPicoUsd, picoUsdAsPriceInput, usdToPicoUsd } from '../lib/money';
import { useConfirm } from './Confirm';
import { DataTable } from './DataTable';
import { Modal } from './Modal';
import { useToast } from './Toasts';
import { ErrorNotice, FormActions, FormError, Loading, SetRemoveActions, TextField } from './ui';
import { usePriceScope, type PriceScopeProps } from './use-price-scope';

/** Where the price that applies comes from, in words. */
function appliedSource(applied: AppliedPrice, forCustomer: boolean): string {
  if (applied.kind === 'list') return 'list price';
  const whose = !forCustomer ? '' : applied.own ? 'its own ' : 'every customer’s ';
  if (applied.kind === 'fixed') return forCustomer ? `${whose}price` : 'your price';
  return `${whose}markup of ${formatBps(applied.bps)}${applied.everySlug ? ' on every slug' : ''}`;
}

export function PricesEditor({ customerId, scope, readOnly }: PriceScopeProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const prices = usePriceScope(customerId);
  const [editing, setEditing] = useState<MeterRow | null>(null);
  const [amount, setAmount] = useState('');
  const pico = usdToPicoUsd(amount);
  const json = pico === null ? null : picoUsdAsPriceInput(pico);
  const amountError = amount && json === null ? 'An amount in USD with at most 12 decimals, up to about $9,007.' : null;

  const setPrice = useMutation({
    mutationFn: () => prices.api.setPrice(editing!.slug, editing!.meter, json!),
    onSuccess: () => {
      prices.changed();
      toast(`Price of ${editing!.slug} per ${editing!.unitLabel} saved; it applies to the next call`);
      setEditing(null);
    },
  });
  const removePrice = useMutation({
    mutationFn: (row: MeterRow) => prices.api.removePrice(row.slug, row.meter),
    onSuccess: () => {
      prices.changed();
      toast('Price removed');
    },
  });

  if (catalog.isPending || prices.isPending || me.isPending) return <Loading />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} />;
  if (me.isError) return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  if (prices.error || !prices.own) return <ErrorNotice error={prices.error} onRetry={prices.retry} />;

  const own = prices.own;
  const forCustomer = customerId !== null;
  const rows = meterRows(catalog.data.data);
  const discountBps = me.data.plan?.resale_discount_bps ?? 0;
  /** What the reseller owes per unit: the list price under its plan's discount. */
  const costPico = (row: MeterRow) => discountedPicoUsd(row.listPico, discountBps);
  const ownPrice = (row: MeterRow) => own.prices.find((p) => p.slug === row.slug && p.meter === row.meter);
  const applied = (row: MeterRow) => appliedPrice(row, own, prices.fallback);
  const costNote =
    discountBps > 0 ? `the list price less your plan's ${formatBps(discountBps)} discount` : 'the list price: your plan has no discount';
  const label = (row: MeterRow) => `${row.slug} per ${row.unitLabel}`;
  const askRemove = async (row: MeterRow) => {
    if (
      await confirm({
        title: `Remove the price of ${label(row)}?`,
        body: forCustomer
          ? 'This customer then pays your price for every customer, else a markup, else the catalog’s list price.'
          : 'Your customers then pay a markup you set, else the catalog’s list price.',
        confirmLabel: 'Remove price',
      })
    )
      removePrice.mutate(row);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (json === null || pico === null || !editing) return;
    const cost = costPico(editing);
    if (
      pico < cost &&
      !(await confirm({
        title: `Price ${editing.slug} below your cost?`,
        body: `${formatPicoUsd(pico)} is below your cost of ${formatPicoUsd(cost)} per ${editing.unitLabel}: you would lose ${formatPicoUsd(cost - pico)} on every ${editing.unitLabel} ${scope === 'every customer' ? 'your customers use' : `${scope} uses`}.`,
        confirmLabel: 'Save below cost',
      }))
    )
      return;
    setPrice.mutate();
  };

  return (
    <>
      {removePrice.isError && <FormError error={removePrice.error} />}
      <DataTable<MeterRow>
        caption={`Prices per meter for ${scope}`}
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          {
            header: 'Endpoint',
            primary: true,
            cell: (row) => (
              <>
                <span className="cell-title mono">{row.slug}</span>
                <span className="cell-sub">per {row.unitLabel}</span>
              </>
            ),
          },
          {
            header: 'List price',
            numeric: true,
            cell: (row) => (
              <>
                {formatPicoUsd(row.listPico)}
                {row.listModel && <span className="cell-sub">model {row.listModel}</span>}
              </>
            ),
          },
          { header: 'Your cost', numeric: true, cell: (row) => <span data-testid="cost">{formatPicoUsd(costPico(row))}</span> },
          {
            header: 'Pays now',
            numeric: true,
            cell: (row) => (
              <>
                <span data-testid="pays">{formatPicoUsd(paysPicoUsd(row, applied(row), discountBps))}</span>
                <span className="cell-sub" data-testid="pays-source">
                  {appliedSource(applied(row), forCustomer)}
                </span>
              </>
            ),
          },
          {
            header: 'Margin',
            numeric: true,
            cell: (row) => {
              const margin = paysPicoUsd(row, applied(row), discountBps) - costPico(row);
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
            cell: (row) =>
              readOnly ? null : (
                <SetRemoveActions
                  isSet={ownPrice(row) !== undefined}
                  what={`the price of ${label(row)}`}
                  onSet={() => {
                    setAmount(ownPrice(row)?.price_usd_per_unit ?? '');
                    setEditing(row);
                    setPrice.reset();
                  }}
                  onRemove={() => void askRemove(row)}
                />
              ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing ? `Price of ${label(editing)} for ${scope}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <form className="form" onSubmit={(event) => void submit(event)}>
            <dl className="price-terms" data-testid="price-terms">
              <div>
                <dt>List price</dt>
                <dd>{formatPicoUsd(editing.listPico)}</dd>
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
              label={`USD per ${editing.unitLabel}`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountError}
              hint={`A fixed price beats any markup; without either, the list price applies. Your cost is ${costNote}; a price below it loses money on every call.`}
              autoFocus
              required
            />
            <FormError error={setPrice.error} />
            <FormActions submitLabel="Save price" disabled={setPrice.isPending || json === null} onCancel={() => setEditing(null)} />
          </form>
        )}
      </Modal>
    </>
  );
}
