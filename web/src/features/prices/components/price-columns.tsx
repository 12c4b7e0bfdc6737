/** The price editor's columns: a meter of a slug, its list price, the reseller's cost, what the scope pays now, the margin. */
import type { Column } from '../../../components/DataTable';
import type { MeterRow } from '../../../lib/customer-prices';
import { formatPicoUsd } from '../../../lib/money';
import { appliedSource, type Pricing } from '../pricing';

export function priceColumns(pricing: Pricing): Column<MeterRow>[] {
  return [
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
    { header: 'Your cost', numeric: true, cell: (row) => <span data-testid="cost">{formatPicoUsd(pricing.costPico(row))}</span> },
    {
      header: 'Pays now',
      numeric: true,
      cell: (row) => (
        <>
          <span data-testid="pays">{formatPicoUsd(pricing.paysPico(row))}</span>
          <span className="cell-sub" data-testid="pays-source">
            {appliedSource(pricing.applied(row), pricing.forCustomer)}
          </span>
        </>
      ),
    },
    {
      header: 'Margin',
      numeric: true,
      cell: (row) => {
        const margin = pricing.paysPico(row) - pricing.costPico(row);
        return (
          <span data-testid="margin" className={margin < 0n ? 'loss' : undefined}>
            {formatPicoUsd(margin)}
          </span>
        );
      },
    },
  ];
}
