/**
 * The operator's reports (the operator API's /reports/revenue and /reports/latency): revenue per
 * tenant, slug or UTC day, exact sums of the audit trail, and the measured latency per endpoint.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RevenueReportView } from '@unified-api-gateway/sdk';
import { adminSdk } from '../../api/admin-client';
import { data } from '../../api/client';
import type { ReportRange } from './queries';

/** The operator's revenue per tenant, slug or UTC day. */
export type RevenueGroupBy = RevenueReportView['group_by'];

export const operatorReportKeys = {
  revenue: (groupBy: RevenueGroupBy, range: ReportRange) => ['admin', 'revenue', groupBy, range.from, range.to] as const,
  latency: () => ['admin', 'latency'] as const,
};

export function useRevenue(groupBy: RevenueGroupBy, range: ReportRange) {
  return useQuery({
    queryKey: operatorReportKeys.revenue(groupBy, range),
    queryFn: () => data(adminSdk.reports.revenue({ group_by: groupBy, from: range.from, to: range.to })),
    placeholderData: keepPreviousData,
  });
}

export function useLatency() {
  return useQuery({ queryKey: operatorReportKeys.latency(), queryFn: () => data(adminSdk.reports.latency()) });
}

/** Where the whole revenue report of this grouping and period (every page by tenant) downloads from as CSV. */
export const revenueCsvUrl = (groupBy: RevenueGroupBy, range: ReportRange) =>
  adminSdk.reports.revenueExportUrl({ group_by: groupBy, from: range.from, to: range.to });
