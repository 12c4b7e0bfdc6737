/**
 * The columns the console's and the admin area's audit trails share: the call, its status, latency,
 * usage and an amount, each figure with the call's per meter under it when it has several (input and
 * output tokens, …): one element per cell, so a phone's stacked row keeps them together.
 */
import { Link } from 'react-router';
import type { Meter } from '@unified-api-gateway/sdk';
import type { Column } from '../../../components/DataTable';
import { PerMeter } from '../../../components/MeterLines';
import { HttpStatus } from '../../../components/ui';
import { billingUnitOfSlug, formatQuantity } from '../../../lib/billing-units';
import { formatDateTime, formatMs, shortId } from '../../../lib/format';
import { formatUsd, picoUsdToUsd, usdToPicoUsd } from '../../../lib/money';

/** What both audit records have. */
interface CallRecord {
  request_id: string;
  endpoint: string | null;
  created_at: string;
  status: number;
  error_code: string | null;
  latency_ms: number;
  quantity: number;
  meters: Array<{ meter: Meter; quantity: number }>;
  /** The admin area's records: how many upstreams were tried. */
  providers_tried?: number;
}

type MeterOf<R extends CallRecord> = R['meters'][number];

/**
 * The call's endpoint and time, the endpoint linking to the call's page (`detailPath`);
 * `withRequestId`: its request id rides under it too.
 */
export function callColumn<R extends CallRecord>(withRequestId: boolean, detailPath: (r: R) => string): Column<R> {
  return {
    header: 'Call',
    primary: true,
    cell: (r) => (
      <>
        <Link className="cell-title mono" to={detailPath(r)}>
          {r.endpoint ?? '(no endpoint)'}
        </Link>
        <span className="cell-sub nowrap">
          {formatDateTime(r.created_at)}
          {withRequestId && (
            <>
              {' '}
              ·{' '}
              <span className="mono" title={`Request id ${r.request_id}`} data-request-id={r.request_id}>
                {shortId(r.request_id)}
              </span>
            </>
          )}
        </span>
      </>
    ),
  };
}

/**
 * The HTTP status, and under it how many upstreams were tried when it was more than one;
 * `withLatency`: the latency under it too (a table with more amounts to fit on a laptop).
 */
export function statusColumn<R extends CallRecord>(withLatency = false): Column<R> {
  return {
    header: withLatency ? 'Status, latency' : 'Status',
    cell: (r) => (
      <>
        <HttpStatus status={r.status} code={r.error_code} />
        {withLatency && <span className="cell-sub nowrap">{formatMs(r.latency_ms)}</span>}
        {(r.providers_tried ?? 0) > 1 && <span className="cell-sub nowrap">{r.providers_tried} providers tried</span>}
      </>
    ),
  };
}

export function latencyColumn<R extends CallRecord>(): Column<R> {
  return { header: 'Latency', numeric: true, cell: (r) => formatMs(r.latency_ms) };
}

export function usageColumn<R extends CallRecord>(): Column<R> {
  return {
    header: 'Usage',
    numeric: true,
    cell: (r) => (
      <span>
        <span className="nowrap">{formatQuantity(String(r.quantity), billingUnitOfSlug(r.endpoint))}</span>
        <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} />
      </span>
    ),
  };
}

/** An amount of the call, and the same amount per meter under it. */
export function amountColumn<R extends CallRecord>(
  header: string,
  amount: (r: R) => string,
  perMeter: (m: MeterOf<R>) => string,
  testId?: string,
): Column<R> {
  return {
    header,
    numeric: true,
    cell: (r) => (
      <span>
        {testId ? <span data-testid={testId}>{formatUsd(amount(r))}</span> : formatUsd(amount(r))}
        <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} amount={perMeter} />
      </span>
    ),
  };
}

/** `minuend − subtrahend` of two non-negative USD amounts, exactly (a meter's margin: its amounts carry none). */
export function usdDifference(minuend: string, subtrahend: string): string {
  return picoUsdToUsd((usdToPicoUsd(minuend) ?? 0n) - (usdToPicoUsd(subtrahend) ?? 0n));
}
