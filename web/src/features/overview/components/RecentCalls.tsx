/** The newest calls, each with its status, time and what it was billed. */
import { Link } from 'react-router';
import { Card, ErrorNotice, HttpStatus, Loading } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { useRecentCalls } from '../../audit/queries';

export function RecentCalls() {
  const recent = useRecentCalls();
  return (
    <Card
      title="Recent calls"
      flush
      actions={
        <Link className="btn btn-sm" to="/console/audit">
          Open the audit trail
        </Link>
      }
    >
      {recent.isPending ? (
        <Loading />
      ) : recent.isError ? (
        <div className="card-body">
          <ErrorNotice error={recent.error} />
        </div>
      ) : recent.data.data.length === 0 ? (
        <p className="card-body muted">No calls yet. Your first call will show up here a second or so after it is answered.</p>
      ) : (
        <ul className="recent-calls">
          {recent.data.data.map((record) => (
            <li key={record.request_id}>
              <span className="mono">{record.endpoint ?? '—'}</span>
              <HttpStatus status={record.status} code={record.error_code} />
              <span className="faint">{formatDateTime(record.created_at)}</span>
              <span className="num">{formatUsd(record.customer_price_usd)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
