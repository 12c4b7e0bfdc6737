/**
 * What limits a key's calls, as the gateway computes them: its budgets, then the request limits of
 * one endpoint it may call (chosen here), each marked in words when it binds (refuses first).
 */
import { useState } from 'react';
import { Card, ErrorNotice, Loading, SelectField } from '../../../components/ui';
import { formatUsd } from '../../../lib/money';
import type { EffectiveLimitsSource } from '../effective-limits-source';
import { useEffectiveLimits } from '../queries';
import { EffectiveBudgetsTable } from './EffectiveBudgetsTable';
import { EffectiveRateLimitsTable } from './EffectiveRateLimitsTable';

export function EffectiveLimitsCard({ source }: { source: EffectiveLimitsSource }) {
  const report = useEffectiveLimits(source);
  const [slug, setSlug] = useState<string | null>(null);
  const endpoints = report.data?.endpoints ?? [];
  const shown = endpoints.find((e) => e.slug === slug) ?? endpoints[0];
  const plan = report.data?.plan;
  return (
    <Card
      title="Effective limits and budgets"
      description="Everything the gateway checks on this key's calls: its own, its customer's, the account's and plan's, and the endpoint's. The binding one refuses first."
    >
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorNotice error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <div className="stack">
          <EffectiveBudgetsTable budgets={report.data.budgets} />
          {plan?.default_monthly_cap_usd && (
            <p className="muted">
              Plan {plan.name}: a default monthly cap of {formatUsd(plan.default_monthly_cap_usd)} (the account&apos;s budget when it joined
              without one).
            </p>
          )}
          {shown ? (
            <>
              <SelectField
                label="Endpoint"
                value={shown.slug}
                onChange={(e) => setSlug(e.target.value)}
                options={endpoints.map((e) => ({ value: e.slug, label: e.slug }))}
                hint={`${endpoints.length} endpoints this key may call.`}
              />
              <EffectiveRateLimitsTable slug={shown.slug} limits={shown.limits} />
            </>
          ) : (
            <p className="muted">This key may call no endpoint.</p>
          )}
        </div>
      )}
    </Card>
  );
}
