/**
 * One call in full, the console's and the admin area's: who made it, what answered it (and what
 * refused it), its usage per meter and every amount. `extra` adds the rows only the operator sees.
 */
import type { Meter } from '@unified-api-gateway/sdk';
import { CopyButton } from '../../../components/CopyButton';
import { MeterLinesTable, type MeterMoney } from '../../../components/MeterLines';
import { Card, Details, HttpStatus, type DetailItem } from '../../../components/ui';
import { billingUnitOfSlug, formatQuantity } from '../../../lib/billing-units';
import { formatDateTime, formatMs } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { RefusalDetails } from './RefusalDetails';

/** What both APIs' call details have. */
export interface CallRecordDetail {
  request_id: string;
  created_at: string;
  endpoint: string | null;
  method: string;
  status: number;
  error_code: string | null;
  error_details: Record<string, unknown> | null;
  latency_ms: number;
  door: string;
  stream_outcome: string | null;
  usage_source: string | null;
  client_ip: string | null;
  quantity: number;
  meters: Array<{ meter: Meter; quantity: number }>;
}

const DOORS: Record<string, string> = { slug: 'Slug door (/api/public/v1/{slug})', openai: 'OpenAI door (/api/openai/v1/…)' };

export function CallDetail<R extends CallRecordDetail>({
  call,
  who,
  amounts,
  meterMoney,
  extra = [],
}: {
  call: R;
  /** The caller's rows (tenant, customer, key), linked where the area has their pages. */
  who: DetailItem[];
  /** The call's amounts, in the order shown: [label, USD decimal string]. */
  amounts: Array<[label: string, usd: string]>;
  meterMoney: MeterMoney<R['meters'][number]>[];
  extra?: DetailItem[];
}) {
  const unit = billingUnitOfSlug(call.endpoint);
  return (
    <div className="stack">
      <Card title="Request">
        <Details
          items={[
            [
              'Request id',
              <span className="row" key="id">
                <code className="mono" data-testid="full-request-id">
                  {call.request_id}
                </code>
                <CopyButton text={call.request_id} label="Copy request id" />
              </span>,
            ],
            ['Received', formatDateTime(call.created_at)],
            ['Endpoint', <span className="mono">{call.endpoint ?? '(no endpoint)'}</span>],
            ['Door', DOORS[call.door] ?? call.door],
            ...who,
            ['Status', <HttpStatus status={call.status} code={call.error_code} />],
            call.stream_outcome && ['Stream', call.stream_outcome],
            ['Latency', formatMs(call.latency_ms)],
            call.client_ip && ['Client address', <span className="mono">{call.client_ip}</span>],
            ...extra,
          ]}
        />
      </Card>
      {call.error_details && <RefusalDetails code={call.error_code} details={call.error_details} />}
      <Card title="Usage and amounts">
        <Details
          items={[
            ['Usage', formatQuantity(String(call.quantity), unit) + (call.usage_source ? ` (${call.usage_source})` : '')],
            ...amounts.map(([label, usd]): DetailItem => [label, <span data-testid={`amount-${label}`}>{formatUsd(usd)}</span>]),
          ]}
        />
        {call.meters.length > 0 && <MeterLinesTable caption="Usage and amounts per meter" lines={call.meters} money={meterMoney} />}
      </Card>
    </div>
  );
}
