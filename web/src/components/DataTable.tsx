/**
 * A table that stays readable at 375 px: below 720 px each row becomes a card and every cell is
 * labelled with its column's header (data-label, see .table.responsive in styles.css).
 */
import { Fragment, type ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers: right-aligned, tabular figures. */
  numeric?: boolean;
  /** The row's title: shown first, unlabelled, on small screens. */
  primary?: boolean;
  /** Buttons: right-aligned, unlabelled on small screens. */
  actions?: boolean;
  footer?: ReactNode;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  footer,
  compact,
  detail,
}: {
  /** What the table lists, for screen readers (visually hidden). */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
  footer?: boolean;
  /** Tighter cells, for wide lists such as the audit trail. */
  compact?: boolean;
  /** What a row breaks down into (a line's meter lines), shown under it across every column; null: nothing. */
  detail?: (row: T) => ReactNode;
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  const className = (column: Column<T>) =>
    [column.numeric ? 'num' : '', column.primary ? 'primary-cell' : '', column.actions ? 'actions-cell' : ''].join(' ').trim() || undefined;
  return (
    <div className="table-wrap">
      <table className={compact ? 'table responsive compact' : 'table responsive'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={className(column)}>
                {column.actions ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const below = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={below ? 'has-detail' : undefined}>
                  {columns.map((column) => (
                    <td key={column.header} data-label={column.header} className={className(column)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {below && (
                  <tr className="detail-row">
                    <td colSpan={columns.length} className="detail-cell">
                      {below}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={className(column)}>
                  {column.footer}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
