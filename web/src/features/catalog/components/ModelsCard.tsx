/** The models a caller may choose, each at its own price: shown, and replaced as a whole list (removing one asks first). */
import { useState, type FormEvent } from 'react';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { useConfirm } from '../../../components/Confirm';
import { moveRow } from '../../../components/ReorderButtons';
import { ApiProblemsScope, Card, FormActions, FormError } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { checkModels, modelPaths, modelPriceProblems, newModel, toModelDraft, type ModelDraft } from '../model-draft';
import { useSetModels } from '../queries';
import { useInlineEditFocus } from '../../../components/DetailCard';
import { useConfirmBelowCost } from '../use-confirm-below-cost';
import { EditListButton } from './EditListButton';
import { ModelFields } from './ModelFields';
import { ModelsTable } from './ModelsTable';

export function ModelsCard({ entry }: { entry: CatalogEntryView }) {
  const confirm = useConfirm();
  const confirmBelowCost = useConfirmBelowCost();
  const [draft, setDraft] = useState<ModelDraft[] | null>(null);
  // The button is gone while the form is open: the focus goes into the form and back to it.
  const { opener, area } = useInlineEditFocus(draft !== null);
  const save = useSetModels(entry.slug);
  const rows = draft ?? [];
  const problems = fieldProblems(save.error, modelPaths(rows));
  const { checked, valid, body } = checkModels(rows, entry.billing_unit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid) return;
    const removed = entry.models.filter((m) => !draft.some((d) => d.name.trim() === m.name));
    if (
      removed.length > 0 &&
      !(await confirm({
        title: removed.length === 1 ? `Remove the model ${removed[0].name}?` : `Remove ${removed.length} models?`,
        body:
          draft.length === 0
            ? `Calls to ${entry.slug} will have one price (the endpoint's) and may no longer name a model.`
            : `Calls to ${entry.slug} that name ${removed.map((m) => m.name).join(', ')} will be refused.`,
        confirmLabel: 'Save models',
      }))
    )
      return;
    // Each model sold below its cost asks on its own, naming the model.
    for (const model of draft) if (!(await confirmBelowCost(`${entry.slug} model ${model.name.trim()}`, model.prices))) return;
    save.mutate(body(), { onSuccess: () => setDraft(null) });
  };

  return (
    <Card
      title="Models"
      description={
        <>
          A caller chooses one with <code>model</code>; the first is the default. Prices are USD per {entry.billing_unit_label}, or per each
          meter&apos;s unit. Without models, every call has the endpoint&apos;s price.
        </>
      }
      flush={draft === null}
      actions={
        draft === null ? (
          <EditListButton
            label="Edit models"
            ref={opener}
            onEdit={() => {
              save.reset();
              setDraft(entry.models.map(toModelDraft));
            }}
          />
        ) : undefined
      }
    >
      {draft === null ? (
        <ModelsTable entry={entry} />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} ref={area}>
          <ApiProblemsScope placed={[...problems.placed, ...draft.flatMap((row) => modelPriceProblems(save.error, row))]}>
            {draft.length === 0 && <p className="muted">No models: every call has the endpoint&apos;s price.</p>}
            {draft.map((row, index) => (
              <ModelFields
                key={row.key}
                row={row}
                index={index}
                count={draft.length}
                unit={entry.billing_unit}
                checked={checked[index]}
                onChange={(patch) => setDraft(draft.map((r, i) => (i === index ? { ...r, ...patch } : r)))}
                onMove={(at, by) => setDraft(moveRow(draft, at, by))}
                onRemove={() => setDraft(draft.filter((_, i) => i !== index))}
                problemOf={problems.of}
                serverProblems={modelPriceProblems(save.error, row)}
              />
            ))}
            <div className="row">
              <button
                type="button"
                className="btn btn-sm"
                disabled={draft.length >= 50}
                onClick={() => setDraft([...draft, newModel(entry)])}
              >
                Add a model
              </button>
            </div>
            <FormError error={save.error} placed={[...problems.placed, ...draft.flatMap((row) => modelPriceProblems(save.error, row))]} />
            <FormActions small submitLabel="Save models" disabled={save.isPending || !valid} onCancel={() => setDraft(null)} />
          </ApiProblemsScope>
        </form>
      )}
    </Card>
  );
}
