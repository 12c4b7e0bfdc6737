import type { FormEvent, ReactNode } from 'react';
import { ApiProblemsScope, FormActions, FormError } from './ui';

/**
 * An edit form in a card (DetailCard's, a limits or budget card's): the fields, the API's refusal
 * (but the messages the fields show, `placed`: fieldProblems, each until the next input into its
 * field), Save and Cancel (small; `disabled` while saving, or while the draft is not valid).
 */
export function EditForm({
  onSubmit,
  disabled,
  error,
  placed = [],
  onCancel,
  submitLabel = 'Save',
  children,
}: {
  onSubmit: () => void;
  disabled: boolean;
  error: unknown;
  placed?: string[];
  onCancel: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={submit}>
      <ApiProblemsScope placed={placed}>{children}</ApiProblemsScope>
      <FormError error={error} placed={placed} />
      <FormActions small submitLabel={submitLabel} disabled={disabled} onCancel={onCancel} />
    </form>
  );
}
