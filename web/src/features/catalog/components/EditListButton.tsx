/** A card's button that opens its list for editing (upstreams, models). */
export function EditListButton({ label, onEdit }: { label: string; onEdit: () => void }) {
  return (
    <button type="button" className="btn btn-sm" onClick={onEdit}>
      {label}
    </button>
  );
}
