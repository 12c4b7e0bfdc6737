/** Up, Down and Remove for one row of an ordered list being edited (upstreams, models): each names its row. */
export function ReorderButtons({
  label,
  index,
  count,
  onMove,
  onRemove,
  removeDisabled = false,
}: {
  /** The row as a screen reader says it: its name, or e.g. "model 2". */
  label: string;
  index: number;
  count: number;
  onMove: (index: number, by: number) => void;
  onRemove: () => void;
  removeDisabled?: boolean;
}) {
  return (
    <>
      <button type="button" className="btn btn-sm" disabled={index === 0} onClick={() => onMove(index, -1)} aria-label={`Move ${label} up`}>
        Up
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={index === count - 1}
        onClick={() => onMove(index, 1)}
        aria-label={`Move ${label} down`}
      >
        Down
      </button>
      <button
        type="button"
        className="btn btn-sm btn-danger-outline"
        disabled={removeDisabled}
        onClick={onRemove}
        aria-label={`Remove ${label}`}
      >
        Remove
      </button>
    </>
  );
}

/** The rows with the one at `index` moved `by` places (−1: up, 1: down). */
export function moveRow<T>(rows: readonly T[], index: number, by: number): T[] {
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(index + by, 0, row);
  return next;
}
