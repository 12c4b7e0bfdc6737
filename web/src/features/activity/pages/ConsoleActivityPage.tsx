/** The account's activity log: who changed its prices, markups, limits, budgets and plan (the operator's changes of it included). */
import { shortId } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { useCustomerNames } from '../../customers/queries';
import { usePublicPlans } from '../../plans/public-queries';
import { ActivityLog } from '../components/ActivityLog';
import { useConsoleActivity } from '../queries';
import { ACTIVITY_FILTERS, useActivityFilters } from '../use-activity-filters';

const FILTERS = ACTIVITY_FILTERS.filter((name) => name !== 'tenant_id');

export function ConsoleActivityPage() {
  useDocumentTitle('Activity');
  const reseller = useIsReseller();
  const filters = useActivityFilters(FILTERS);
  const entries = useConsoleActivity(filters.query);
  // The customers the entries on screen name (customer:<id>…), looked up by id.
  const customerName = useCustomerNames(
    entries.rows.map((e) => (e.entity_id.startsWith('customer:') ? e.entity_id.split(':')[1] : null)),
    reseller,
  );
  const plans = usePublicPlans();
  const planName = (id: string) => plans.data?.data.find((p) => p.id === id)?.name ?? shortId(id);
  return (
    <ActivityLog
      description="Every change of your prices, markups, limits, budgets and plan, by whom (the operator's changes of your account included), newest first."
      filters={filters}
      names={FILTERS}
      entries={entries}
      namers={{ tenant: () => 'your account', customer: (id) => customerName(id), plan: planName, own: true }}
    />
  );
}
