import type { PickerOption } from './use-search-picker';

/** A SearchPicker's listbox: its options (the current one marked), or what the search says when there are none. */
export function PickerOptions({
  listId,
  options,
  value,
  active,
  status,
  hidden,
  optionId,
  onPick,
  onHover,
}: {
  listId: string;
  options: PickerOption[];
  value: string;
  active: number;
  status: string;
  hidden: boolean;
  optionId: (index: number) => string;
  onPick: (option: PickerOption) => void;
  onHover: (index: number) => void;
}) {
  return (
    <ul id={listId} role="listbox" className="picker-list" hidden={hidden}>
      {options.map((option, index) => (
        <li
          key={option.value}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className={option.value === value ? 'picker-option picker-option-current' : 'picker-option'}
          // Before the input's blur, so the click picks instead of closing.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
          onMouseEnter={() => onHover(index)}
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
  );
}
