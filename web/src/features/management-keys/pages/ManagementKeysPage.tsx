/**
 * The tenant's management keys (gwm_…): what its own backend calls the reseller API with. Owners
 * only, as on the API (@OwnerOnly on every route, listing included): the other roles get a page that
 * says so, without a list they could not load.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { CodeBlock } from '../../../components/CodeBlock';
import { Card, EmptyState, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateManagementKeyDialog } from '../components/CreateManagementKeyDialog';
import { ManagementKeysList } from '../components/ManagementKeysList';

const DESCRIPTION = (
  <>
    A management key lets your own backend call the reseller API (<code className="inline-code">/api/reseller/v1</code>) as an owner would:
    create customers, issue and limit their keys, read usage and statements. It cannot call endpoints; that is what{' '}
    <Link to="/console/keys">keys</Link> are for.
  </>
);

export function ManagementKeysPage() {
  useDocumentTitle('Management keys');
  const session = useSignedIn();
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  if (!can.manageUsers(session.user.role)) {
    return (
      <>
        <PageHeader title="Management keys" description={DESCRIPTION} />
        <div className="card">
          <EmptyState title="Only owners manage these keys" headingLevel={2}>
            A management key acts as an owner of this account, so only owners can see, create or revoke one (your role: {session.user.role}
            ). Ask an owner of {session.tenant?.name ?? 'this account'} if your backend needs one.
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <ActionErrorScope>
      <PageHeader
        title="Management keys"
        description={DESCRIPTION}
        actions={
          <button type="button" className="btn btn-primary" onClick={openCreate}>
            Create a management key
          </button>
        }
      />
      <div className="stack">
        <ActionError />
        <ManagementKeysList onCreate={openCreate} />
        <Card
          title="Use it"
          description={
            <>
              Send it as <code className="inline-code">Authorization: Bearer</code> to the reseller API. Every route is in the{' '}
              <a href="/docs">API reference</a>; your first gateway call is in the <Link to="/quickstart">quick start</Link>.
            </>
          }
        >
          <CodeBlock
            language="bash"
            label="Call the reseller API with a management key"
            code={`curl -s ${window.location.origin}/api/reseller/v1/me \\\n  -H "Authorization: Bearer $GATEWAY_MANAGEMENT_KEY"`}
          />
        </Card>
      </div>
      <CreateManagementKeyDialog open={creating} onClose={() => setCreating(false)} />
    </ActionErrorScope>
  );
}
