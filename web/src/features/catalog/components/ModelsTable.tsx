/** An endpoint's models as stored: the first is the default; each with its wholesale and resale price, and its output limit (text). */
import type { CatalogEntryView, ModelView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/ui';
import { formatCount } from '../../../lib/format';
import { MeterPriceList } from './MeterPriceList';

export function ModelsTable({ entry }: { entry: CatalogEntryView }) {
  return (
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
  );
}
