/** A tenant's users, as the operator reaches the tenant: who they are, their email, and a reset link for a lost password. */
import type { TenantView, UserView } from '@unified-api-gateway/sdk';
import { ResourceList } from '../../../components/ResourceList';
import { Badge, EmptyState } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { OperatorResetPasswordButton } from '../../password-resets/components/OperatorResetPasswordButton';
import { useTenantUsers } from '../queries';

export function TenantUsersCard({ tenant }: { tenant: TenantView }) {
  const users = useTenantUsers(tenant.id);
  return (
    <ResourceList<UserView>
      title="Users"
      description="Who signs in to this tenant's console. Write to an owner to reach the tenant."
      list={users}
      noun="users"
      caption={`Users of ${tenant.name}`}
      rowKey={(u) => u.id}
      empty={<EmptyState title="No users">A tenant created by an operator has none until someone is invited.</EmptyState>}
      columns={[
        {
          header: 'User',
          primary: true,
          cell: (u) => (
            <>
              <span className="cell-title">{u.name}</span>
              <a className="cell-sub" href={`mailto:${u.email}`}>
                {u.email}
              </a>
            </>
          ),
        },
        { header: 'Role', cell: (u) => <Badge>{u.role}</Badge> },
        {
          header: 'Last sign-in',
          cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : <span className="faint">Never</span>),
        },
        { header: 'Actions', actions: true, cell: (u) => <OperatorResetPasswordButton user={u} /> },
      ]}
    />
  );
}
