/**
 * The lines per meter of a slug (input and output tokens, images, …), as reports, statements and the
 * audit trail give them: a small table under the slug's row (MeterLinesTable, DataTable's `detail`),
 * or, in a call's cells, one line per meter under the call's figure (PerMeter). The console and the
 * admin area show the same pieces with the money each audience sees.
 */
import type { BillingUnit, Meter } from '@unified-api-gateway/sdk';
import { formatMeterQuantity, meterLabel, meterLinesAddDetail } from '../lib/meters';
import { formatUsd } from '../lib/money';
import { DataTable } from './DataTable';

/** One money column of meter lines: its header and the amount (a USD decimal string) of a line. */
export interface MeterMoney<M> {
  header: string;
  amount: (line: M) => string;
}

type MeterLine = { meter: Meter; quantity: string | number };

/** A slug's meter lines as a table: meter, quantity in its measure, and the money columns given. */
export function MeterLinesTable<M extends MeterLine>({ caption, lines, money }: { caption: string; lines: M[]; money: MeterMoney<M>[] }) {
  return (
    <div className="meter-lines" data-testid="meter-lines">
      <DataTable<M>
        caption={caption}
        compact
        rows={lines}
        rowKey={(line) => line.meter}
        columns={[
          { header: 'Meter', primary: true, cell: (line) => meterLabel(line.meter) },
          { header: 'Quantity', numeric: true, cell: (line) => formatMeterQuantity(line.quantity, line.meter) },
          ...money.map((column) => ({
            header: column.header,
            numeric: true,
            cell: (line: M) => formatUsd(column.amount(line)),
          })),
        ]}
      />
    </div>
  );
}

/**
 * A DataTable `detail` for rows with meter lines: the table, when they say more than the row (see
 * meterLinesAddDetail), else nothing.
 */
export function meterLinesDetail<R extends { meters?: M[] | null }, M extends MeterLine>(
  caption: (row: R) => string,
  unit: (row: R) => BillingUnit | null,
  money: MeterMoney<M>[],
) {
  return (row: R) =>
    meterLinesAddDetail(row.meters, unit(row)) ? <MeterLinesTable caption={caption(row)} lines={row.meters!} money={money} /> : null;
}

/**
 * A call's figure per meter, under the call's own in its cell: the quantity in each meter's measure
 * (short: `1,200 input`, under the call's `1,500 tokens`) or an amount (`amount`); nothing when the
 * meters add nothing to the call's figure.
 */
export function PerMeter<M extends MeterLine>({
  meters,
  unit,
  amount,
}: {
  meters: M[];
  unit: BillingUnit | null;
  amount?: (m: M) => string;
}) {
  if (!meterLinesAddDetail(meters, unit)) return null;
  return (
    <>
      {meters.map((m) => (
        <span key={m.meter} className="cell-sub nowrap" data-meter={m.meter}>
          {amount ? formatUsd(amount(m)) : formatMeterQuantity(m.quantity, m.meter, true)}
        </span>
      ))}
    </>
  );
}
