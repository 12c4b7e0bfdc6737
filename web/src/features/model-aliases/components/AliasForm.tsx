/** Adds an alias, or replaces the target of one that exists; the targets offered are the catalog's ids (the API refuses any other). */
import type { FormEvent } from 'react';
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { ApiProblemsScope, FormError, SelectField, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { useCatalog } from '../../catalog/queries';
import { useSetAlias } from '../queries';

export interface AliasDraft {
  alias: string;
  target: string;
}

export const EMPTY_ALIAS: AliasDraft = { alias: '', target: '' };

/** Every canonical model id of the catalog: each slug (its default price), then each of its models. */
function targetOptions(entries: CatalogEntryView[]): Array<{ value: string; label: string }> {
  return [...entries]
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .flatMap((e) => [
      { value: e.slug, label: e.models.length ? `${e.slug} (default: ${e.models[0].name})` : e.slug },
      ...e.models.map((m) => ({ value: `${e.slug}/${m.name}`, label: `${e.slug}/${m.name}` })),
    ]);
}

export function AliasForm({ form, onChange, replacing }: { form: AliasDraft; onChange: (form: AliasDraft) => void; replacing: boolean }) {
  const catalog = useCatalog();
  const save = useSetAlias();
  const problems = fieldProblems(save.error, ['target']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => onChange(EMPTY_ALIAS) });
  };
  return (
    <form className="form card-body" onSubmit={submit} aria-label="Add or replace a model alias">
      <ApiProblemsScope placed={problems.placed}>
        <div className="form-row">
          <TextField
            label="Alias"
            required
            maxLength={100}
            value={form.alias}
            onChange={(e) => onChange({ ...form, alias: e.target.value })}
            placeholder="e.g. gpt-4o-mini"
            hint="Letters, digits and . _ : / -; not itself a catalog id."
          />
          <SelectField
            label="Target"
            required
            value={form.target}
            onChange={(e) => onChange({ ...form, target: e.target.value })}
            options={[
              { value: '', label: catalog.isPending ? 'Loading the catalog…' : 'Choose a catalog id' },
              ...targetOptions(catalog.data?.data ?? []),
            ]}
            error={problems.of('target')}
          />
        </div>
        <FormError error={save.error} placed={problems.placed} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {replacing ? 'Replace alias' : 'Add alias'}
          </button>
        </div>
      </ApiProblemsScope>
    </form>
  );
}
