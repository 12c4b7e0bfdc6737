/**
 * A SearchPicker's state: what the input shows, the options (the fixed ones, then the matches of what
 * is typed), the active option, and what picking, closing and the keys do (the WAI-ARIA combobox pattern).
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  /** A second line under the label (an external id, say). */
  detail?: string;
}

/** Waits this long after the last keystroke before asking the API. */
const TYPING_PAUSE_MS = 200;

export function useSearchPicker({
  value,
  valueLabel,
  fixed,
  queryKey,
  search,
  onChange,
}: {
  value: string;
  valueLabel: string;
  fixed: PickerOption[];
  queryKey: QueryKey;
  search: (q: string) => Promise<PickerOption[]>;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const [text, setText] = useState(valueLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The label can arrive after the first render (a name looked up by id): follow it until the user types.
  const [editing, setEditing] = useState(false);
  // The label of what was picked here: the parent may know the value only by id until it looks it up.
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const currentLabel = picked && picked.value === value ? picked.label : valueLabel;
  const shown = editing ? text : currentLabel;

  const { typed, matches } = useTypedSearch(text, open && editing, queryKey, search);

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

  const status = pickerStatus(needle, searching, matches.isError, options.length);
  const type = (next: string) => {
    setEditing(true);
    setText(next);
    setOpen(true);
    setActive(-1);
  };
  return { listId, shown, open, setOpen, active, setActive, options, optionId, status, pick, close, onKeyDown, type };
}

/** The query follows the typing after a pause, so a word typed quickly is one request. */
function useTypedSearch(text: string, enabled: boolean, queryKey: QueryKey, search: (q: string) => Promise<PickerOption[]>) {
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const matches = useQuery({
    queryKey: [...queryKey, typed],
    queryFn: () => search(typed),
    enabled: enabled && typed !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return { typed, matches };
}

/** What the listbox's live region says. */
function pickerStatus(needle: string, searching: boolean, failed: boolean, count: number): string {
  if (!needle) return '';
  if (searching) return 'Searching…';
  if (failed) return 'The search failed; type again to retry.';
  return count === 0 ? 'No match' : `${count} ${count === 1 ? 'match' : 'matches'}`;
}
