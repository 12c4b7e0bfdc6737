/**
 * An audit trail page, the console's and the admin area's: its filters (in the address bar) above the
 * records, newest first, the next page loaded as the list's end scrolls into view.
 */
import type { ReactNode } from 'react';
import type { Column } from '../../../components/DataTable';
import type { CursorList } from '../../../components/Paging';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, PageHeader } from '../../../components/ui';
import type { AuditFilterName, FilterOption, FilterPicker, useAuditFilters } from '../use-audit-filters';
import { AuditFilters } from './AuditFilters';

export function AuditTrail<R extends { request_id: string }>({
  description,
  filters,
  names,
  pickers,
  options,
  records,
  none,
  columns,
  actions,
}: {
  description: string;
  /** The header's actions (the CSV download of the filtered calls). */
  actions?: ReactNode;
  filters: ReturnType<typeof useAuditFilters>;
  /** The filters offered, in order. */
  names: AuditFilterName[];
  pickers?: Partial<Record<AuditFilterName, FilterPicker>>;
  options?: Partial<Record<AuditFilterName, FilterOption[]>>;
  records: CursorList<R>;
  /** What the empty list says when no filter is in force. */
  none: string;
  columns: Column<R>[];
}) {
  return (
    <>
      <PageHeader title="Audit trail" description={description} actions={actions} />
      <ResourceList<R>
        filters={
          <div className="card-body">
            <AuditFilters
              key={JSON.stringify(filters.values)}
              names={names}
              values={filters.values}
              onApply={filters.apply}
              pickers={pickers}
              options={options}
            />
          </div>
        }
        list={records}
        noun="records"
        autoLoad
        loadingLabel="Loading the audit trail…"
        caption="Audit records"
        compact
        rowKey={(r) => r.request_id}
        empty={<EmptyState title="No calls match">{Object.keys(filters.query).length ? 'Try fewer filters.' : none}</EmptyState>}
        columns={columns}
      />
    </>
  );
}
