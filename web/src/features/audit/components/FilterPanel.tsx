/** A list's collapsible filter form (the audit trail's, the activity log's): open while filters are active. */
import type { FormEvent, ReactNode } from 'react';
import { useFiltersOpen } from '../use-filters-open';

export function FilterPanel({
  label,
  active,
  onApply,
  onClear,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  /** How many filters are in force (the badge; Clear shows when any). */
  active: number;
  onApply: () => void;
  onClear: () => void;
  /** The fields. */
  children: ReactNode;
}) {
  const open = useFiltersOpen(active > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <details className="filters-panel" open={open.value} onToggle={(e) => open.toggled(e.currentTarget.open)}>
      <summary>Filters{active > 0 && <span className="badge badge-info">{active} active</span>}</summary>
      <form className="filters" onSubmit={submit} aria-label={label}>
        {children}
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm">
            Apply
          </button>
          {active > 0 && (
            <button type="button" className="btn btn-sm" onClick={onClear}>
              Clear
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
