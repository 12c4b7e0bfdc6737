/**
 * A list of records as every list page and card shows it: a spinner while the first page loads, the
 * API's error with Try again, the table (or its empty state), and for a paged list "Load more" below.
 * ResourceList puts it in a card, with the list's filters above it.
 */
import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { LoadMore, type MoreQuery } from './Paging';
import { Card, ErrorNotice, Loading } from './ui';

/** A query's state as a list: a cursor list (useCursorList), or one answer's rows. */
export interface ListQuery<T> {
  rows: T[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ResourceTableProps<T> {
  list: ListQuery<T> | (ListQuery<T> & MoreQuery);
  /** A paged list's noun ("keys"): its footer loads more, or says all are shown. */
  noun?: string;
  /** Load the next page when the footer scrolls into view (the audit trail). */
  autoLoad?: boolean;
  loadingLabel?: string;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
  compact?: boolean;
  detail?: (row: T) => ReactNode;
}

export function ResourceTable<T>({ list, noun, autoLoad, loadingLabel, ...table }: ResourceTableProps<T>) {
  return (
    <>
      {list.isPending ? (
        <Loading label={loadingLabel} />
      ) : list.isError ? (
        <div className="card-body">
          <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
        </div>
      ) : (
        <DataTable<T> {...table} rows={list.rows} />
      )}
      {noun && 'fetchNextPage' in list && <LoadMore query={list} noun={noun} autoLoad={autoLoad} />}
    </>
  );
}

/** A list in a card: with a title (a card of a page), or the page's own list (no title). */
export function ResourceList<T>({
  title,
  description,
  actions,
  className,
  filters,
  ...table
}: ResourceTableProps<T> & {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** Above the table: the list's filters, in their own wrapper (`.filters` or `.card-body`). */
  filters?: ReactNode;
}) {
  if (!title) {
    return (
      <div className="card card-flush">
        {filters}
        <ResourceTable<T> {...table} />
      </div>
    );
  }
  return (
    <Card title={title} description={description} actions={actions} className={className} flush>
      {filters}
      <ResourceTable<T> {...table} />
    </Card>
  );
}

/** One answer's rows (a list the API sends whole) as a ListQuery. */
export function answerRows<T>(
  query: { data?: { data: T[] }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
  rows: T[] = query.data?.data ?? [],
): ListQuery<T> {
  return { rows, isPending: query.isPending, isError: query.isError, error: query.error, refetch: query.refetch };
}
