/**
 * A reseller's markups over its cost (what it owes: the list price under its plan's discount), in
 * percent, on every slug or on one: for every customer, or one customer's own. A markup prices every
 * meter of a slug that has no fixed price (PricesEditor); the one on a slug beats the one on every
 * slug, and a customer's own beats the one for every customer on the same slug.
 */
import { useState } from 'react';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { Modal } from '../../../components/Modal';
import { EmptyState, ErrorNotice, Loading } from '../../../components/ui';
import { EVERY_SLUG } from '../../../lib/customer-prices';
import { usePublicCatalog } from '../../catalog/public-queries';
import { usePriceScope, type PriceScopeProps } from '../queries';
import { MarkupForm } from './MarkupForm';
import { markupRows, slugName } from './markup-rows';
import { MarkupsTable } from './MarkupsTable';

export function MarkupsEditor({ customerId, scope, readOnly }: PriceScopeProps) {
  const catalog = usePublicCatalog();
  const prices = usePriceScope(customerId);
  /** The slug being set: a row's, or chosen in the dialog (`adding`). */
  const [editing, setEditing] = useState<{ slug: string; adding: boolean } | null>(null);

  if (catalog.isPending || prices.isPending) return <Loading />;
  if (catalog.isError) return <ErrorNotice error={catalog.error} />;
  if (prices.error || !prices.own) return <ErrorNotice error={prices.error} onRetry={prices.retry} />;
  const forCustomer = customerId !== null;
  const rows = markupRows(prices.own, prices.fallback);

  return (
    <ActionErrorScope>
      <ActionError />
      {rows.length === 0 ? (
        <EmptyState title="No markups">
          {forCustomer
            ? `${scope} pays your prices and markups for every customer, else the catalog’s list price.`
            : 'Without a markup or a price, your customers pay the catalog’s list price.'}
        </EmptyState>
      ) : (
        <MarkupsTable
          customerId={customerId}
          scope={scope}
          readOnly={readOnly}
          rows={rows}
          onSet={(slug) => setEditing({ slug, adding: false })}
        />
      )}
      {!readOnly && (
        <div className="card-body row">
          <button type="button" className="btn btn-sm" onClick={() => setEditing({ slug: EVERY_SLUG, adding: true })}>
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
          <MarkupForm
            customerId={customerId}
            slug={editing.slug}
            adding={editing.adding}
            ownBps={rows.find((row) => row.slug === editing.slug)?.own?.markup_bps ?? 0}
            slugs={catalog.data.data.map((e) => e.slug)}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </ActionErrorScope>
  );
}
