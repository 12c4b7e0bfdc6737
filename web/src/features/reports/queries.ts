/**
 * The reports: the console's usage (the reseller API's /reports/usage), and the operator's revenue and
 * latency (the operator API's /reports/revenue and /reports/latency). Exact sums of the audit trail.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RevenueReportView, UsageReportView } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';

/** The console's usage per customer, slug or UTC day. */
export type UsageGroupBy = UsageReportView['group_by'];
/** The operator's revenue per tenant, slug or UTC day. */
export type RevenueGroupBy = RevenueReportView['group_by'];

/** A report's period: ISO instants, from inclusive, to exclusive (to: none, up to now). */
export interface ReportRange {
  from: string;
  to?: string;
}

export const reportKeys = {
  usage: (groupBy: UsageGroupBy, range: ReportRange) => ['usage', groupBy, range.from, range.to] as const,
  /** This month's usage per day, for the console's overview. */
  usageThisMonth: () => ['usage', 'month'] as const,
  revenue: (groupBy: RevenueGroupBy, range: ReportRange) => ['admin', 'revenue', groupBy, range.from, range.to] as const,
  latency: () => ['admin', 'latency'] as const,
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

export function useRevenue(groupBy: RevenueGroupBy, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.revenue(groupBy, range),
    queryFn: () => data(sdk.admin.reports.revenue({ group_by: groupBy, from: range.from, to: range.to })),
    placeholderData: keepPreviousData,
  });
}

export function useLatency() {
  return useQuery({ queryKey: reportKeys.latency(), queryFn: () => data(sdk.admin.reports.latency()) });
}

/** Where the whole usage report of this grouping and period (every page by customer) downloads from as CSV. */
export const usageCsvUrl = (groupBy: UsageGroupBy, range: ReportRange) =>
  sdk.reseller.usage.exportUrl({ group_by: groupBy, from: range.from, to: range.to });

/** Where the whole revenue report of this grouping and period (every page by tenant) downloads from as CSV. */
export const revenueCsvUrl = (groupBy: RevenueGroupBy, range: ReportRange) =>
  sdk.admin.reports.revenueExportUrl({ group_by: groupBy, from: range.from, to: range.to });
