/** A key's calls and billed amount per day over the last 30 days; the chart's code loads only here, when the figures are in. */
import { lazy, Suspense } from 'react';
import { Card, ErrorNotice, Loading } from '../../../components/ui';
import { formatCount } from '../../../lib/format';
import { formatUsd, picoUsdToUsd, usdToPicoUsd } from '../../../lib/money';
import type { EffectiveLimitsSource } from '../effective-limits-source';
import { useKeyUsage } from '../queries';

const KeyUsageChart = lazy(() => import('./KeyUsageChart'));

/** `billed`: which figure the key's calls are billed at (a customer's key: the customer price; an own key: resale). */
export function KeyUsageCard({ source, billed }: { source: EffectiveLimitsSource; billed: 'customer_price_usd' | 'resale_usd' }) {
  const usage = useKeyUsage(source);
  const days = usage.data?.days ?? [];
  const calls = days.reduce((sum, d) => sum + d.calls, 0);
  return (
    <Card title="Usage over time" description="Calls and billed amount per UTC day, the last 30 days (from the daily rollups).">
      {usage.isPending ? (
        <Loading />
      ) : usage.isError ? (
        <ErrorNotice error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <div className="stack">
          <p data-testid="key-usage-total">
            {formatCount(calls)} calls; billed {formatUsd(sumUsd(days.map((d) => d[billed])))}.
          </p>
          <Suspense fallback={<Loading />}>
            <KeyUsageChart days={days} billed={billed} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}

/** Exact sum of decimal USD strings, through integer pico-USD. */
function sumUsd(amounts: string[]): string {
  return picoUsdToUsd(amounts.reduce((sum, amount) => sum + (usdToPicoUsd(amount) ?? 0n), 0n));
}
