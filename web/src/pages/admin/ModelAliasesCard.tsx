/**
 * The model aliases of the OpenAI-compatible API: the names existing OpenAI code sends as `model`
 * (gpt-4o-mini), each standing for a price of the catalog. Saving an alias that exists points it at
 * the new target; removing asks first. The targets offered are the catalog's (the API refuses any
 * other); an alias whose target has left the catalog since is flagged, and calls naming it fail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { adminApi } from '../../api/admin-api';
import type { CatalogEntryView, ModelAliasView } from '../../api/openapi.generated';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/Toasts';
import { Badge, Card, EmptyState, ErrorNotice, FormError, Loading, SelectField, TextField } from '../../components/ui';
import { fieldProblems } from '../../lib/field-problems';
import { formatDateTime } from '../../lib/format';

const ALIASES_KEY = ['admin', 'model-aliases'];
const EMPTY_FORM = { alias: '', target: '' };

/** Every canonical model id of the catalog: each slug (its default price), then each of its models. */
function targetOptions(entries: CatalogEntryView[]): Array<{ value: string; label: string }> {
  return [...entries]
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .flatMap((e) => [
      { value: e.slug, label: e.models.length ? `${e.slug} (default: ${e.models[0].name})` : e.slug },
      ...e.models.map((m) => ({ value: `${e.slug}/${m.name}`, label: `${e.slug}/${m.name}` })),
    ]);
}

export function ModelAliasesCard() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const aliases = useQuery({ queryKey: ALIASES_KEY, queryFn: adminApi.modelAliases.list });
  const catalog = useQuery({ queryKey: ['admin', 'catalog'], queryFn: adminApi.catalog.list });
  const targets = useMemo(() => targetOptions(catalog.data?.data ?? []), [catalog.data]);
  const [form, setForm] = useState(EMPTY_FORM);
  const rows = aliases.data?.data ?? [];
  const replacing = rows.some((a) => a.alias === form.alias.trim());

  const save = useMutation({
    mutationFn: () => adminApi.modelAliases.set(form.alias.trim(), form.target),
    onSuccess: (saved) => {
      setForm(EMPTY_FORM);
      void queryClient.invalidateQueries({ queryKey: ALIASES_KEY });
      toast(`${saved.alias} now stands for ${saved.target}`);
    },
  });
  const problems = fieldProblems(save.error, ['target']);
  const remove = useMutation({
    mutationFn: (alias: string) => adminApi.modelAliases.remove(alias),
    onSuccess: (_, alias) => {
      void queryClient.invalidateQueries({ queryKey: ALIASES_KEY });
      toast(`Alias ${alias} removed`);
    },
  });

  const askRemove = async (alias: ModelAliasView) => {
    if (
      await confirm({
        title: `Remove the alias ${alias.alias}?`,
        body: `Calls that send "model": "${alias.alias}" are refused from now on; ${alias.target} stays in the catalog.`,
        confirmLabel: 'Remove alias',
      })
    )
      remove.mutate(alias.alias);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card
      flush
      title="Model aliases"
      description={
        <>
          What OpenAI-compatible callers may send as <span className="mono">model</span> besides a catalog id (
          <span className="mono">text.generate/gpt-4o-mini</span>, or a slug alone for its default price), so that existing code sending{' '}
          <span className="mono">gpt-4o-mini</span> works unchanged. Changes apply on every gateway process at once.
        </>
      }
    >
      <form className="form card-body" onSubmit={submit} aria-label="Add or replace a model alias">
        <div className="form-row">
          <TextField
            label="Alias"
            required
            maxLength={100}
            value={form.alias}
            onChange={(e) => setForm({ ...form, alias: e.target.value })}
            placeholder="e.g. gpt-4o-mini"
            hint="Letters, digits and . _ : / -; not itself a catalog id."
          />
          <SelectField
            label="Target"
            required
            value={form.target}
            onChange={(e) => setForm({ ...form, target: e.target.value })}
            options={[{ value: '', label: catalog.isPending ? 'Loading the catalog…' : 'Choose a catalog id' }, ...targets]}
            error={problems.of('target')}
          />
        </div>
        <FormError error={save.error} placed={problems.placed} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {replacing ? 'Replace alias' : 'Add alias'}
          </button>
        </div>
      </form>
      {remove.isError && (
        <div className="card-body">
          <FormError error={remove.error} />
        </div>
      )}
      {aliases.isPending ? (
        <Loading />
      ) : aliases.isError ? (
        <div className="card-body">
          <ErrorNotice error={aliases.error} onRetry={() => void aliases.refetch()} />
        </div>
      ) : (
        <DataTable<ModelAliasView>
          caption="Model aliases"
          rows={rows}
          rowKey={(a) => a.alias}
          empty={<EmptyState title="No model aliases">Callers name catalog ids only.</EmptyState>}
          columns={[
            { header: 'Alias', primary: true, cell: (a) => <span className="cell-title mono">{a.alias}</span> },
            {
              header: 'Target',
              cell: (a) => (
                <>
                  <span className="mono">{a.target}</span> {!a.target_exists && <Badge tone="danger">not in the catalog</Badge>}
                </>
              ),
            },
            { header: 'Changed', cell: (a) => formatDateTime(a.updated_at) },
            {
              header: 'Actions',
              actions: true,
              cell: (a) => (
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => setForm({ alias: a.alias, target: a.target_exists ? a.target : '' })}
                    aria-label={`Change ${a.alias}`}
                  >
                    Change
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger-outline"
                    onClick={() => void askRemove(a)}
                    aria-label={`Remove ${a.alias}`}
                    disabled={remove.isPending}
                  >
                    Remove
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
