/** An endpoint's upstreams in fallback order: listed, or edited and replaced as a whole (removing one asks first). */
import { useState, type FormEvent } from 'react';
import type { CatalogEntryView, UpstreamView } from '@unified-api-gateway/sdk';
import { useConfirm } from '../../../components/Confirm';
import { DataTable } from '../../../components/DataTable';
import { ApiProblemsScope, Badge, Card, EnabledBadge, FormActions, FormError } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { formatMs } from '../../../lib/format';
import { useSetUpstreams } from '../queries';
import { toUpstreamDraft, toUpstreamRequests, upstreamPaths, type UpstreamDraft } from '../upstream-draft';
import { useInlineEditFocus } from '../../../components/DetailCard';
import { EditListButton } from './EditListButton';
import { UpstreamsEditor } from './UpstreamsEditor';

export function UpstreamsCard({ entry }: { entry: CatalogEntryView }) {
  const confirm = useConfirm();
  const [draft, setDraft] = useState<UpstreamDraft[] | null>(null);
  // The button is gone while the form is open: the focus goes into the form and back to it.
  const { opener, area } = useInlineEditFocus(draft !== null);
  const save = useSetUpstreams(entry.slug);
  const problems = fieldProblems(save.error, upstreamPaths(draft?.length ?? 0));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const removed = entry.upstreams.filter((u) => !draft.some((d) => d.key === u.id));
    const body = `${removed.map((u) => u.name).join(', ')} will no longer serve ${entry.slug}.`;
    if (removed.length > 0 && !(await confirm({ title: 'Remove upstreams?', body, confirmLabel: 'Replace upstreams' }))) return;
    save.mutate(toUpstreamRequests(draft), { onSuccess: () => setDraft(null) });
  };

  return (
    <Card
      title="Upstreams"
      description="Tried in this order until one answers. Secrets stay in the gateway's environment; only the variable's name is stored."
      flush={draft === null}
      actions={
        draft === null ? (
          <EditListButton
            label="Edit upstreams"
            ref={opener}
            onEdit={() => {
              save.reset();
              setDraft(entry.upstreams.map(toUpstreamDraft));
            }}
          />
        ) : undefined
      }
    >
      {draft === null ? (
        <DataTable<UpstreamView>
          caption={`Upstreams of ${entry.slug}`}
          rows={entry.upstreams}
          rowKey={(u) => u.id}
          columns={[
            { header: 'Upstream', primary: true, cell: (u) => <span className="cell-title">{u.name}</span> },
            { header: 'Kind', cell: (u) => <Badge>{u.kind}</Badge> },
            { header: 'Target', cell: (u) => <span className="mono">{u.base_url ? `${u.base_url}${u.path}` : '(built in)'}</span> },
            { header: 'Timeout', numeric: true, cell: (u) => formatMs(u.timeout_ms) },
            { header: 'State', cell: (u) => <EnabledBadge enabled={u.enabled} /> },
          ]}
        />
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} ref={area}>
          <ApiProblemsScope placed={problems.placed}>
            <UpstreamsEditor rows={draft} onChange={setDraft} problemOf={problems.of} />
            <FormError error={save.error} placed={problems.placed} />
            <FormActions
              small
              submitLabel="Save upstreams"
              disabled={save.isPending || draft.length === 0}
              onCancel={() => setDraft(null)}
            />
          </ApiProblemsScope>
        </form>
      )}
    </Card>
  );
}
