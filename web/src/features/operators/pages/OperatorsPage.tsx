/**
 * The operators: who signs in to the admin area. An operator adds another with a first password
 * (shown once, to hand over; only its hash is stored) and removes one after confirming, which ends
 * that operator's sessions at once. The signed-in operator may remove itself too, which signs it out
 * here as well; the API refuses to remove the last operator (409), and the page shows its answer.
 * An operator who forgot their password gets a reset link from another (your own: Your account).
 */
import { useState } from 'react';
import type { UserView } from '@unified-api-gateway/sdk';
import { useSignedIn } from '../../../auth/session';
import { ActionButton, ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { ResourceList } from '../../../components/ResourceList';
import { Badge, EmptyState, PageHeader } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { OperatorResetPasswordButton } from '../../password-resets/components/OperatorResetPasswordButton';
import { AddOperatorDialog } from '../components/AddOperatorDialog';
import { useOperators, useRemoveOperator } from '../queries';

export function OperatorsPage() {
  useDocumentTitle('Operators');
  const session = useSignedIn();
  const operators = useOperators();
  const [adding, setAdding] = useState(false);

  return (
    <ActionErrorScope>
      <PageHeader
        title="Operators"
        description="Everyone who can sign in to the admin area. They have the whole operator API: tenants, plans, the catalog and every call."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add operator
          </button>
        }
      />
      <div className="stack">
        <ActionError />
        <ResourceList<UserView>
          list={operators}
          noun="operators"
          caption="Operators"
          rowKey={(o) => o.id}
          empty={<EmptyState title="No operators">Operators added with the admin token appear here.</EmptyState>}
          columns={[
            {
              header: 'Operator',
              primary: true,
              cell: (o) => (
                <>
                  <span className="cell-title">
                    {o.name} {o.id === session.user.id && <Badge tone="info">you</Badge>}
                  </span>
                  <span className="cell-sub">{o.email}</span>
                </>
              ),
            },
            { header: 'Added', cell: (o) => formatDateTime(o.created_at) },
            {
              header: 'Last sign-in',
              cell: (o) => (o.last_sign_in_at ? formatDateTime(o.last_sign_in_at) : <span className="faint">Never</span>),
            },
            {
              header: 'Actions',
              actions: true,
              cell: (o) => (
                <span className="row">
                  {o.id !== session.user.id && <OperatorResetPasswordButton user={o} />}
                  <RemoveOperatorButton operator={o} yourself={o.id === session.user.id} />
                </span>
              ),
            },
          ]}
        />
      </div>
      <AddOperatorDialog open={adding} onClose={() => setAdding(false)} />
    </ActionErrorScope>
  );
}

function RemoveOperatorButton({ operator, yourself }: { operator: UserView; yourself: boolean }) {
  return (
    <ActionButton
      action={useRemoveOperator(operator.id)}
      className="btn btn-sm btn-danger-outline"
      label={yourself ? 'Remove yourself' : `Remove ${operator.name}`}
      confirm={{
        title: yourself ? 'Remove yourself?' : `Remove ${operator.name}?`,
        body: yourself
          ? `You will be signed out at once, here and everywhere, and ${operator.email} can no longer sign in to the admin area.`
          : `${operator.email} is signed out everywhere at once and can no longer sign in to the admin area.`,
        confirmLabel: yourself ? 'Remove me and sign out' : 'Remove operator',
      }}
    >
      Remove
    </ActionButton>
  );
}
