/**
 * An activity log page, the console's and the admin area's: the filters (in the address bar) above
 * the changes, newest first; each change says when, who, what, and every changed field before →
 * after. Who and what are buttons that narrow the list to that actor's or that subject's changes.
 */
import type { ActivityEntryView } from '@unified-api-gateway/sdk';
import type { ReactNode } from 'react';
import type { CursorList } from '../../../components/Paging';
import { ResourceList } from '../../../components/ResourceList';
import { Badge, EmptyState, PageHeader } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useLimitText } from '../../limits/limit-text';
import type { FilterPicker } from '../../audit/use-audit-filters';
import { actorOf, belowCostOf, changesOf, whatOf, type Namers } from '../describe';
import type { ActivityFilterName, ActivityFilters } from '../use-activity-filters';
import { ActivityFilterForm } from './ActivityFilterForm';

export function ActivityLog({
  description,
  filters,
  names,
  entries,
  namers,
  tenantPicker,
  tenantCell,
}: {
  description: string;
  filters: ActivityFilters;
  /** The filters offered, in order. */
  names: readonly ActivityFilterName[];
  entries: CursorList<ActivityEntryView>;
  namers: Namers;
  tenantPicker?: FilterPicker;
  /** The admin area's tenant of an entry (a link to its page). */
  tenantCell?: (entry: ActivityEntryView) => ReactNode;
}) {
  const limitText = useLimitText();
  const narrowButton = (label: string, text: string, name: ActivityFilterName, value: string | null) =>
    value && filters.values[name] !== value ? (
      <button type="button" className="link-button" aria-label={label} onClick={() => filters.narrow(name, value)}>
        {text}
      </button>
    ) : (
      text
    );
  return (
    <>
      <PageHeader title="Activity" description={description} />
      <ResourceList<ActivityEntryView>
        filters={
          <div className="card-body">
            <ActivityFilterForm
              key={JSON.stringify(filters.values)}
              names={names}
              values={filters.values}
              onApply={filters.apply}
              tenantPicker={tenantPicker}
            />
          </div>
        }
        list={entries}
        noun="changes"
        loadingLabel="Loading the activity log…"
        caption="Changes, newest first"
        rowKey={(e) => e.id}
        empty={
          <EmptyState title="No change matches">
            {Object.keys(filters.query).length
              ? 'Try fewer filters.'
              : 'Changes of prices, limits, budgets, plans and accounts show up here.'}
          </EmptyState>
        }
        columns={[
          { header: 'When', primary: true, cell: (e) => <span className="nowrap">{formatDateTime(e.created_at)}</span> },
          {
            header: 'Who',
            cell: (e) => narrowButton(`Only the changes by ${actorOf(e)}`, actorOf(e), 'actor_id', e.actor_id),
          },
          ...(tenantCell ? [{ header: 'Tenant', cell: tenantCell }] : []),
          {
            header: 'What',
            cell: (e) => narrowButton(`Only the changes of ${whatOf(e, namers)}`, whatOf(e, namers), 'entity_id', e.entity_id),
          },
          { header: 'Change', cell: (e) => <ChangeCell entry={e} namers={namers} limitText={limitText} /> },
        ]}
      />
    </>
  );
}

function ChangeCell({ entry, namers, limitText }: { entry: ActivityEntryView; namers: Namers; limitText: (n: number) => string }) {
  const cost = belowCostOf(entry);
  return (
    <ul className="change-list">
      {changesOf(entry, namers, limitText).map((change) => (
        <li key={change.label} data-field={change.label}>
          <span className="change-label">{change.label}:</span> {change.before ?? 'none'} → {change.after ?? 'removed'}
        </li>
      ))}
      {cost && (
        <li>
          <Badge tone="danger">Below cost</Badge> <span className="loss">cost {cost}</span>
        </li>
      )}
    </ul>
  );
}
