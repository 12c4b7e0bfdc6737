/**
 * A spend budget (of a key, a customer or a tenant): where the period stands, and a form to set or
 * remove it. The same card serves the console (reseller API) and the admin area (operator API).
 */
import { ActionButton, ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { useInlineEdit, useInlineEditFocus } from '../../../components/DetailCard';
import { Card, ErrorNotice, Loading } from '../../../components/ui';
import type { BudgetSource } from '../budget-source';
import { useBudget, useRemoveBudget } from '../queries';
import { BudgetForm, type BudgetDraft } from './BudgetForm';
import { BudgetSummary } from './BudgetSummary';

export function BudgetCard({
  source,
  subject,
  readOnly,
  description,
}: {
  source: BudgetSource;
  /** "this key", "this customer", "this tenant" */
  subject: string;
  readOnly?: boolean;
  description?: string;
}) {
  const budget = useBudget(source);
  const edit = useInlineEdit<BudgetDraft>();
  // The button is gone while the form is open: the focus goes into the form and back to it.
  const { opener, area } = useInlineEditFocus(edit.editing);
  const current = budget.data ?? null;
  return (
    <ActionErrorScope>
      <Card
        title="Budget"
        description={description ?? `A spend cap for ${subject}: a call that would go over it is refused (402) and not billed.`}
        actions={
          !readOnly && !edit.editing && budget.isSuccess ? (
            <>
              <button type="button" className="btn btn-sm" onClick={() => edit.start(toDraft(current))} ref={opener}>
                {current ? 'Change' : 'Set a budget'}
              </button>
              {current && <RemoveBudgetButton source={source} subject={subject} />}
            </>
          ) : undefined
        }
      >
        {budget.isPending ? (
          <Loading />
        ) : budget.isError ? (
          <ErrorNotice error={budget.error} onRetry={() => void budget.refetch()} />
        ) : edit.draft ? (
          <div ref={area}>
            <BudgetForm source={source} draft={edit.draft} onChange={edit.set} onDone={edit.stop} />
          </div>
        ) : current ? (
          <BudgetSummary budget={current} />
        ) : (
          <p className="muted" data-testid="no-budget">
            No budget: spend is not capped.
          </p>
        )}
        <ActionError />
      </Card>
    </ActionErrorScope>
  );
}

function toDraft(current: { period: string; cap_usd: string } | null): BudgetDraft {
  return { period: (current?.period as BudgetDraft['period']) ?? 'monthly', cap: current ? current.cap_usd : '' };
}

function RemoveBudgetButton({ source, subject }: { source: BudgetSource; subject: string }) {
  return (
    <ActionButton
      action={useRemoveBudget(source)}
      className="btn btn-sm btn-danger-outline"
      confirm={{
        title: 'Remove the budget?',
        body: `Calls of ${subject} will no longer be capped by spend.`,
        confirmLabel: 'Remove budget',
      }}
    >
      Remove
    </ActionButton>
  );
}
