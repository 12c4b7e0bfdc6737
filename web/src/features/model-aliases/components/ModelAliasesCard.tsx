/**
 * The model aliases of the OpenAI-compatible API: the names existing OpenAI code sends as `model`
 * (gpt-4o-mini), each standing for a price of the catalog. Saving an alias that exists points it at
 * the new target; removing asks first. An alias whose target has left the catalog since is flagged,
 * and calls naming it fail.
 */
import { useState } from 'react';
import type { ModelAliasView } from '@unified-api-gateway/sdk';
import { ActionButton, ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { answerRows, ResourceTable } from '../../../components/ResourceList';
import { Badge, Card, EmptyState } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useModelAliases, useRemoveAlias } from '../queries';
import { AliasForm, EMPTY_ALIAS } from './AliasForm';

export function ModelAliasesCard() {
  const aliases = useModelAliases();
  const [form, setForm] = useState(EMPTY_ALIAS);
  const rows = aliases.data?.data ?? [];
  return (
    <ActionErrorScope>
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
        <AliasForm form={form} onChange={setForm} replacing={rows.some((a) => a.alias === form.alias.trim())} />
        <ActionError wrap={(notice) => <div className="card-body">{notice}</div>} />
        <ResourceTable<ModelAliasView>
          list={answerRows(aliases)}
          caption="Model aliases"
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
                  <RemoveAliasButton alias={a} />
                </div>
              ),
            },
          ]}
        />
      </Card>
    </ActionErrorScope>
  );
}

function RemoveAliasButton({ alias }: { alias: ModelAliasView }) {
  return (
    <ActionButton
      action={useRemoveAlias(alias.alias)}
      className="btn btn-sm btn-danger-outline"
      label={`Remove ${alias.alias}`}
      confirm={{
        title: `Remove the alias ${alias.alias}?`,
        body: `Calls that send "model": "${alias.alias}" are refused from now on; ${alias.target} stays in the catalog.`,
        confirmLabel: 'Remove alias',
      }}
    >
      Remove
    </ActionButton>
  );
}
