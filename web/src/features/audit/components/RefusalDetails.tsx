/** What refused a call, in words: the budget (whose, its period, cap and spend) or the rate limit that was full. */
import { Card, Details } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';

const LIMITS: Record<string, string> = {
  endpoint: "The key's limit on this endpoint",
  key: "The key's limit on every endpoint",
  customer_endpoint: "The customer's limit on this endpoint",
  customer: "The customer's limit on every endpoint",
  tenant: "The tenant's limit",
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '—');

export function RefusalDetails({ code, details }: { code: string | null; details: Record<string, unknown> }) {
  if (code === 'budget_exceeded') {
    return (
      <Card title="Refused by a budget" description="The call was not forwarded and not billed.">
        <Details
          items={[
            ['Whose budget', text(details.limit_source)],
            ['Period', text(details.period)],
            ['Cap', formatUsd(text(details.cap_usd))],
            ['Spent', formatUsd(text(details.spent_usd))],
            ['Held by calls in flight', formatUsd(text(details.held_usd))],
            ['Resets', details.resets_at ? formatDateTime(text(details.resets_at)) : 'Never (a lifetime budget)'],
            ['Budget id', <span className="mono">{text(details.budget_id)}</span>],
          ]}
        />
      </Card>
    );
  }
  const limit = text(details.limit);
  return (
    <Card title="Refused by a rate limit" description="The call was not forwarded and not billed.">
      <Details
        items={[
          ['Limit', LIMITS[limit] ?? limit],
          ['Quota', `${text(details.quota)} calls per ${text(details.window_seconds)} s`],
        ]}
      />
    </Card>
  );
}
