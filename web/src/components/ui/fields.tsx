/** Labelled form fields: the label, hint and error are tied to the control (for, aria-describedby, aria-invalid). */
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/passwords';
import { useShownError } from './api-problems';

interface FieldText {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** The label above, the hint and error below, and the ids that tie them to the control. */
function Field({
  label,
  hint,
  error: given,
  control,
}: FieldText & { control: (id: string, aria: ControlAria, input: () => void) => ReactNode }) {
  const id = useId();
  const { shown: error, input } = useShownError(given);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control(id, { 'aria-describedby': described, 'aria-invalid': error ? true : undefined }, input)}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="error-text" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

interface ControlAria {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldText;

/** The control's own onChange, then the field's: an input drops the API's message about the old value. */
function chained<E>(own: ((event: E) => void) | undefined, input: () => void) {
  return (event: E) => {
    own?.(event);
    input();
  };
}

export function TextField({ label, hint, error, onChange, ...input }: InputProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(id, aria, dropApiError) => (
        <input id={id} type="text" {...aria} {...input} onChange={chained<ChangeEvent<HTMLInputElement>>(onChange, dropApiError)} />
      )}
    />
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldText & { options: Array<{ value: string; label: string }> };

export function SelectField({ label, hint, error, options, onChange, ...select }: SelectProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(id, aria, dropApiError) => (
        <select id={id} {...aria} {...select} onChange={chained<ChangeEvent<HTMLSelectElement>>(onChange, dropApiError)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A new password, within the console API's bounds (sign-up, an invitation, a change, an operator's
 * first one); `hint` is said after the bounds.
 */
export function NewPasswordField({
  hint,
  label = 'Password',
  ...input
}: Omit<InputProps, 'label' | 'hint'> & { label?: ReactNode; hint?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.${hint ? ` ${hint}` : ''}`}
      {...input}
    />
  );
}
