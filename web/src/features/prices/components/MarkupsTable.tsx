/** A scope's markups per slug: for a customer, beside the one for every customer; Set (Change) and Remove on each. */
import { useRunAction } from '../../../components/ActionButton';
import { DataTable } from '../../../components/DataTable';
import { SetRemoveActions } from '../../../components/ui';
import { EVERY_SLUG } from '../../../lib/customer-prices';
import { formatBps } from '../../../lib/format';
import { useRemoveMarkup, type PriceScopeProps } from '../queries';
import { slugName, type MarkupRow } from './markup-rows';

const unset = (text: string) => <span className="faint unset">{text}</span>;

export function MarkupsTable({
  customerId,
  scope,
  readOnly,
  rows,
  onSet,
}: PriceScopeProps & { rows: MarkupRow[]; onSet: (slug: string) => void }) {
  const forCustomer = customerId !== null;
  const removeMarkup = useRunAction(useRemoveMarkup(customerId));
  const askRemove = (slug: string) =>
    removeMarkup(slug, {
      title: `Remove the markup on ${slugName(slug)}?`,
      body: forCustomer
        ? 'This customer then pays your markup for every customer there, else the catalog’s list price.'
        : slug === EVERY_SLUG
          ? 'Slugs without a markup or price of their own then cost your customers the catalog’s list price.'
          : 'This slug then follows your markup on every slug, else the catalog’s list price.',
      confirmLabel: 'Remove markup',
    });
  return (
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
                cell: (row: MarkupRow) => (row.everyCustomer ? formatBps(row.everyCustomer.markup_bps) : unset('—')),
              },
            ]
          : []),
        {
          header: forCustomer ? 'Own markup' : 'Markup',
          numeric: true,
          cell: (row) => (row.own ? <strong data-testid="markup">{formatBps(row.own.markup_bps)}</strong> : unset('not set')),
        },
        {
          header: 'Actions',
          actions: true,
          cell: (row) =>
            readOnly ? null : (
              <SetRemoveActions
                isSet={row.own !== undefined}
                what={`the markup on ${slugName(row.slug)}`}
                onSet={() => onSet(row.slug)}
                onRemove={() => void askRemove(row.slug)}
              />
            ),
        },
      ]}
    />
  );
}
