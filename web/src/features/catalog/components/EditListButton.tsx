/** A card's button that opens its list for editing (upstreams, models); `ref` takes the focus back when the list is saved or cancelled. */
import type { Ref } from 'react';

export function EditListButton({ label, onEdit, ref }: { label: string; onEdit: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button type="button" className="btn btn-sm" onClick={onEdit} ref={ref}>
      {label}
    </button>
  );
}
