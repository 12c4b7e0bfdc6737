/**
 * What a reseller's customers pay per unit of each meter of each slug (input and output tokens, an
 * image, a minute, …): the fixed price for every customer, or one customer's own. Beside every meter:
 * the list price, the reseller's cost, what this scope pays now and why (its own fixed price, else
 * the one for every customer, else a markup, else the list price: the Set button becomes Change where
 * a price of its own is set) and the margin.
 */
import { useState } from 'react';
import { ActionError, ActionErrorScope, useRunAction } from '../../../components/ActionButton';
import { DataTable } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { ErrorNotice, Loading, SetRemoveActions } from '../../../components/ui';
import type { MeterRow } from '../../../lib/customer-prices';
import { useMe } from '../../account/queries';
import { usePublicCatalog } from '../../catalog/public-queries';
import { meterName, pricing as makePricing, type Pricing } from '../pricing';
import { usePriceScope, useRemovePrice, type PriceScopeProps } from '../queries';
import { priceColumns } from './price-columns';
import { PriceForm } from './PriceForm';

export function PricesEditor(props: PriceScopeProps) {
  const catalog = usePublicCatalog();
  const me = useMe();
  const prices = usePriceScope(props.customerId);
  if (catalog.isPending || prices.isPending || me.isPending) return <Loading />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} />;
  if (me.isError) return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  if (prices.error || !prices.own) return <ErrorNotice error={prices.error} onRetry={prices.retry} />;
  const discountBps = me.data.plan?.resale_discount_bps ?? 0;
  const pricing = makePricing(catalog.data.data, prices.own, prices.fallback, discountBps, props.customerId !== null);
  return (
    <ActionErrorScope>
      <PricesTable {...props} pricing={pricing} />
    </ActionErrorScope>
  );
}

function PricesTable({ customerId, scope, readOnly, pricing }: PriceScopeProps & { pricing: Pricing }) {
  const [editing, setEditing] = useState<MeterRow | null>(null);
  const removePrice = useRunAction(useRemovePrice(customerId));
  const askRemove = (row: MeterRow) =>
    removePrice(
      { slug: row.slug, meter: row.meter },
      {
        title: `Remove the price of ${meterName(row)}?`,
        body: pricing.forCustomer
          ? 'This customer then pays your price for every customer, else a markup, else the catalog’s list price.'
          : 'Your customers then pay a markup you set, else the catalog’s list price.',
        confirmLabel: 'Remove price',
      },
    );
  return (
    <>
      <ActionError />
      <DataTable<MeterRow>
        caption={`Prices per meter for ${scope}`}
        rows={pricing.rows}
        rowKey={(row) => row.key}
        columns={[
          ...priceColumns(pricing),
          {
            header: 'Actions',
            actions: true,
            cell: (row) =>
              readOnly ? null : (
                <SetRemoveActions
                  isSet={pricing.ownUsd(row) !== undefined}
                  what={`the price of ${meterName(row)}`}
                  onSet={() => setEditing(row)}
                  onRemove={() => void askRemove(row)}
                />
              ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing ? `Price of ${meterName(editing)} for ${scope}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <PriceForm
            key={editing.key}
            row={editing}
            pricing={pricing}
            customerId={customerId}
            scope={scope}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}
