/**
 * The operator's plan form: fee, discount, ceiling, default cap, categories, public and default for
 * sign-ups. A field's problem shows once that field was left (or the form submitted), never on a form
 * nobody has typed in yet; the API's refusal of a field (a name too long, a ceiling above the largest
 * limit) shows on that field until the next input into it, and the rest under the form.
 */
import { useState, type FormEvent } from 'react';
import type { PlanView } from '@unified-api-gateway/sdk';
import { useActionErrors } from '../../../components/ActionButton';
import { ApiProblemsScope, FormActions, FormError, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { toPlanBody, type PlanDraft, type PlanProblem } from '../plan-draft';
import { useSavePlan } from '../queries';
import { CategoryChoice } from './CategoryChoice';
import { useWindowText } from '../../limits/limit-text';

type Checked = PlanProblem['field'];

/** The API's name of each field of the form (its 400's problems start with it). */
const API_FIELDS = {
  name: 'name',
  description: 'description',
  fee: 'monthly_fee_usd',
  discountPercent: 'resale_discount_bps',
  requestLimit: 'request_limit_per_window',
  monthlyCap: 'default_monthly_spend_cap_usd',
} as const;

export function PlanForm({ plan, initial, onDone }: { plan: PlanView | null; initial: PlanDraft; onDone: () => void }) {
  const windowText = useWindowText();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<Checked>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<PlanDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const touch = (field: Checked) => setTouched((current) => new Set(current).add(field));
  const { body, problems } = toPlanBody(draft);
  const problemOf = (field: Checked) =>
    submitted || touched.has(field) ? (problems.find((p) => p.field === field)?.message ?? null) : null;
  const save = useSavePlan(plan);
  const apiProblems = fieldProblems(save.error, Object.values(API_FIELDS));
  /** The form's own problem of the field (once left or submitted), else the API's. */
  const errorOf = (field: Checked) => problemOf(field) ?? apiProblems.of(API_FIELDS[field]);
  const errors = useActionErrors();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        onDone();
        // A refused delete's message is about the plans as they were: a later change clears it.
        errors.clear();
      },
    });
  };
  const text = (label: string, field: Exclude<Checked, 'name'>, hint?: string) => (
    <TextField
      label={label}
      inputMode={field === 'requestLimit' ? 'numeric' : 'decimal'}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      onBlur={() => touch(field)}
      hint={hint}
      error={errorOf(field)}
    />
  );
  return (
    <form className="form" onSubmit={submit} noValidate>
      <ApiProblemsScope placed={apiProblems.placed}>
        <div className="form-row">
          <TextField
            label="Name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            onBlur={() => touch('name')}
            error={errorOf('name')}
          />
          {text('Monthly fee (USD)', 'fee')}
        </div>
        <TextField
          label="Description"
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          error={apiProblems.of(API_FIELDS.description)}
        />
        <div className="form-row">
          {text('Discount on catalog prices (%)', 'discountPercent')}
          {text('Request ceiling per window', 'requestLimit', `Requests ${windowText} across all the tenant's keys. Empty: none.`)}
          {text('Default monthly cap (USD)', 'monthlyCap', 'A new tenant on the plan gets this budget. Empty: none.')}
        </div>
        <CategoryChoice value={draft.categories} onChange={(categories) => set({ categories })} />
        <label className="check">
          <input type="checkbox" checked={draft.public} onChange={(e) => set({ public: e.target.checked })} />
          Public: shown on the website&apos;s plans page
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.defaultForSignups} onChange={(e) => set({ defaultForSignups: e.target.checked })} />
          Default for sign-ups: a new account that chooses no plan starts on this one (one plan at most: this takes it from the current
          default)
        </label>
        <FormError error={save.error} placed={apiProblems.placed} />
        <FormActions submitLabel={plan ? 'Save plan' : 'Create plan'} disabled={save.isPending} onCancel={onDone} />
      </ApiProblemsScope>
    </form>
  );
}
