/**
 * The console's usage report (the reseller API's /reports/usage): exact sums of the audit trail. The
 * operator's revenue and latency are in operator-queries.ts (with the operator API's client).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsageReportView } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';

/** The console's usage per customer, slug or UTC day. */
export type UsageGroupBy = UsageReportView['group_by'];

/** A report's period: ISO instants, from inclusive, to exclusive (to: none, up to now). */
export interface ReportRange {
  from: string;
  to?: string;
}

export const reportKeys = {
  usage: (groupBy: UsageGroupBy, range: ReportRange) => ['usage', groupBy, range.from, range.to] as const,
  /** This month's usage per day, for the console's overview. */
  usageThisMonth: () => ['usage', 'month'] as const,
};

/** A report keeps showing the last period's figures while the next period's load. */
export function useUsage(groupBy: UsageGroupBy, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.usage(groupBy, range),
    queryFn: () => data(sdk.reseller.usage.report({ group_by: groupBy, from: range.from, to: range.to })),
    placeholderData: keepPreviousData,
  });
}

function monthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

export function useUsageThisMonth() {
  return useQuery({
    queryKey: reportKeys.usageThisMonth(),
    queryFn: () => data(sdk.reseller.usage.report({ group_by: 'day', from: monthStart() })),
  });
}

/** Where the whole usage report of this grouping and period (every page by customer) downloads from as CSV. */
export const usageCsvUrl = (groupBy: UsageGroupBy, range: ReportRange) =>
  sdk.reseller.usage.exportUrl({ group_by: groupBy, from: range.from, to: range.to });
