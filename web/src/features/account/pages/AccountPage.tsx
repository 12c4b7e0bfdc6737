/** The signed-in user: who they are, and a new password (which ends their other sessions). */
import { useSignedIn } from '../../../auth/session';
import { Card, Details, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChangePasswordCard } from '../components/ChangePasswordCard';

export function AccountPage() {
  useDocumentTitle('Your account');
  const session = useSignedIn();
  return (
    <>
      <PageHeader title="Your account" />
      <div className="grid-2">
        <Card title="Profile">
          <Details
            items={[
              ['Name', session.user.name || '—'],
              ['Email', session.user.email],
              ['Role', session.user.role],
              session.tenant && ['Account', session.tenant.name],
            ]}
          />
        </Card>
        <ChangePasswordCard />
      </div>
    </>
  );
}
