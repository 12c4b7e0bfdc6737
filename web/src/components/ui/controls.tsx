/** Buttons that recur on forms and table rows. */
import type { ReactNode } from 'react';

/** A form's last row: its submit button, and Cancel (small in a card, `small`). */
export function FormActions({
  submitLabel,
  disabled,
  onCancel,
  small,
  cancelLabel = 'Cancel',
}: {
  submitLabel: ReactNode;
  disabled?: boolean;
  onCancel: () => void;
  small?: boolean;
  cancelLabel?: string;
}) {
  return (
    <div className="row">
      <button type="submit" className={small ? 'btn btn-primary btn-sm' : 'btn btn-primary'} disabled={disabled}>
        {submitLabel}
      </button>
      <button type="button" className={small ? 'btn btn-sm' : 'btn'} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}

/**
 * A table row's buttons for a value it may have of its own: Set (Change once set) and, once set,
 * Remove. `what` names it in the buttons' labels: "the markup on every slug".
 */
export function SetRemoveActions({
  isSet,
  what,
  onSet,
  onRemove,
}: {
  isSet: boolean;
  what: string;
  onSet: () => void;
  onRemove: () => void;
}) {
  return (
    <span className="row">
      <button type="button" className="btn btn-sm" onClick={onSet} aria-label={`${isSet ? 'Change' : 'Set'} ${what}`}>
        {isSet ? 'Change' : 'Set'}
      </button>
      {isSet && (
        <button type="button" className="btn btn-sm btn-danger-outline" onClick={onRemove} aria-label={`Remove ${what}`}>
          Remove
        </button>
      )}
    </span>
  );
}

/** A segmented control: one of a few options, each a toggle button (aria-pressed). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
