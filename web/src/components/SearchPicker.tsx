/**
 * A picker for a list too long for a <select> (a tenant's customers, the gateway's tenants): a
 * labelled text input that searches the API as the user types and offers the matches in a listbox,
 * after a few fixed choices ("All", "Your own keys"). The WAI-ARIA combobox pattern: arrow keys move
 * through the options (aria-activedescendant), Enter picks, Escape closes and puts back the choice in
 * force, and leaving the input without picking keeps that choice too. The chosen value is an id; the
 * input shows its label.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  /** A second line under the label (an external id, say). */
  detail?: string;
}

/** How many matches a search shows: enough to pick from while typing, one short query. */
export const PICKER_MATCHES = 20;

/** Waits this long after the last keystroke before asking the API. */
const TYPING_PAUSE_MS = 200;

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
  const listId = useId();
  const [text, setText] = useState(valueLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState('');
  // The label can arrive after the first render (a name looked up by id): follow it until the user types.
  const [editing, setEditing] = useState(false);
  // The label of what was picked here: the parent may know the value only by id until it looks it up.
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const currentLabel = picked && picked.value === value ? picked.label : valueLabel;
  const shown = editing ? text : currentLabel;

  // The query follows the typing after a pause, so a word typed quickly is one request.
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const matches = useQuery({
    queryKey: [...queryKey, typed],
    queryFn: () => search(typed),
    enabled: open && editing && typed !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const needle = editing ? text.trim().toLowerCase() : '';
  const options: PickerOption[] = [
    ...fixed.filter((option) => !needle || option.label.toLowerCase().includes(needle)),
    ...(needle && matches.data ? matches.data : []),
  ];
  const optionId = (index: number) => `${listId}-option-${index}`;
  const searching = needle !== '' && (typed !== text.trim() || matches.isFetching);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setEditing(false);
    setText(currentLabel);
  };
  const pick = (option: PickerOption) => {
    setPicked(option.value ? option : null);
    onChange(option.value);
    setOpen(false);
    setActive(-1);
    setEditing(false);
    setText(option.label);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      // Picking an option is not submitting the form; with none active, Enter applies the filters as usual.
      if (active >= 0 && options[active]) {
        event.preventDefault();
        pick(options[active]);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const status = !needle
    ? ''
    : searching
      ? 'Searching…'
      : matches.isError
        ? 'The search failed; type again to retry.'
        : options.length === 0
          ? 'No match'
          : `${options.length} ${options.length === 1 ? 'match' : 'matches'}`;

  return (
    <div className="picker">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={shown}
        onChange={(event) => {
          setEditing(true);
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className="picker-list" hidden={!open || (options.length === 0 && !status)}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={option.value === value ? 'picker-option picker-option-current' : 'picker-option'}
            // Before the input's blur, so the click picks instead of closing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            onMouseEnter={() => setActive(index)}
          >
            <span>{option.label}</span>
            {option.detail && <span className="picker-detail">{option.detail}</span>}
          </li>
        ))}
        {status && options.length === 0 && (
          <li className="picker-empty" aria-hidden="true">
            {status}
          </li>
        )}
      </ul>
      <span className="visually-hidden" role="status" aria-live="polite">
        {open ? status : ''}
      </span>
    </div>
  );
}
