/** The plan fee on a statement: each plan held in the month, prorated by the time held (the console's and the operator's). */
import type { ReactNode } from 'react';
import type { PlanFeeLineView } from '@unified-api-gateway/sdk';
import { moneyColumn } from '../../../components/columns';
import { DataTable } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/format';

export function PlanFeeTable({
  caption,
  fees,
  total,
  empty,
}: {
  caption: string;
  fees: PlanFeeLineView[];
  total: string;
  empty?: ReactNode;
}) {
  return (
    <DataTable<PlanFeeLineView>
      caption={caption}
      rows={fees}
      rowKey={(fee) => fee.from}
      empty={empty}
      footer
      columns={[
        { header: 'Plan', primary: true, cell: (fee) => fee.plan_name, footer: 'Plan fee' },
        { header: 'Held', cell: (fee) => `${formatDateTime(fee.from)} to ${formatDateTime(fee.until)}` },
        moneyColumn<PlanFeeLineView>('Monthly fee', (fee) => fee.monthly_fee_usd),
        moneyColumn<PlanFeeLineView>('Fee', (fee) => fee.fee_usd, total),
      ]}
    />
  );
}
