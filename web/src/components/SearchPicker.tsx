/**
 * A picker for a list too long for a <select> (a tenant's customers, the gateway's tenants): a
 * labelled text input that searches the API as the user types and offers the matches in a listbox,
 * after a few fixed choices ("All", "Your own keys"). The WAI-ARIA combobox pattern: arrow keys move
 * through the options (aria-activedescendant), Enter picks, Escape closes and puts back the choice in
 * force, and leaving the input without picking keeps that choice too. The chosen value is an id; the
 * input shows its label.
 */
import type { QueryKey } from '@tanstack/react-query';
import { PickerOptions } from './PickerOptions';
import { useSearchPicker, type PickerOption } from './use-search-picker';

export type { PickerOption };

/** How many matches a search shows: enough to pick from while typing, one short query. */
export const PICKER_MATCHES = 20;

export function SearchPicker({
  id,
  value,
  valueLabel,
  fixed,
  queryKey,
  search,
  placeholder,
  onChange,
}: {
  /** The input's id, for its <label htmlFor>. */
  id: string;
  /** The chosen value ('' for the first fixed choice, "All"). */
  value: string;
  /** What the input shows for the chosen value. */
  valueLabel: string;
  /** Offered before the matches, filtered by what is typed. */
  fixed: PickerOption[];
  queryKey: QueryKey;
  /** The matches of a search (at most PICKER_MATCHES). */
  search: (q: string) => Promise<PickerOption[]>;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const picker = useSearchPicker({ value, valueLabel, fixed, queryKey, search, onChange });
  return (
    <div className="picker">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={picker.open}
        aria-controls={picker.listId}
        aria-activedescendant={picker.open && picker.active >= 0 ? picker.optionId(picker.active) : undefined}
        placeholder={placeholder}
        value={picker.shown}
        onChange={(event) => picker.type(event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => picker.setOpen(true)}
        onBlur={picker.close}
        onKeyDown={picker.onKeyDown}
      />
      <PickerOptions
        listId={picker.listId}
        options={picker.options}
        value={value}
        active={picker.active}
        status={picker.status}
        hidden={!picker.open || (picker.options.length === 0 && !picker.status)}
        optionId={picker.optionId}
        onPick={picker.pick}
        onHover={picker.setActive}
      />
      <span className="visually-hidden" role="status" aria-live="polite">
        {picker.open ? picker.status : ''}
      </span>
    </div>
  );
}
