/** One key: its details, rename, rotate (new secret shown once), expire, revoke, limits and budget. */
import { useState } from 'react';
import { useParams } from 'react-router';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BudgetCard } from '../../budgets/components/BudgetCard';
import { useCustomerNames } from '../../customers/queries';
import { EffectiveLimitsCard } from '../../limits/components/EffectiveLimitsCard';
import { KeyUsageCard } from '../../limits/components/KeyUsageCard';
import { LimitsCard } from '../../limits/components/LimitsCard';
import { ExpireKeyButton, RevokeKeyButton } from '../components/KeyActions';
import { KeyDetailsCard } from '../components/KeyDetailsCard';
import { RotateKeyDialog } from '../components/RotateKeyDialog';
import { keyState } from '../key-state';
import { keyBudget, keyEffectiveLimits, keyLimits, useKey } from '../queries';

export function KeyDetailPage() {
  const { id = '' } = useParams();
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const key = useKey(id);
  useDocumentTitle(key.data ? `Key ${key.data.name || key.data.prefix}` : 'Key');
  const customerName = useCustomerNames([key.data?.customer_id]);
  const [rotating, setRotating] = useState(false);

  if (key.isPending) return <Loading page />;
  if (key.isError) return <ErrorNotice error={key.error} onRetry={() => void key.refetch()} title="Could not load this key." />;
  const current = key.data;
  const active = keyState(current) === 'active';

  return (
    <ActionErrorScope>
      <PageHeader
        breadcrumb={{ to: '/console/keys', label: 'Keys' }}
        title={current.name || current.prefix}
        description={current.customer_id ? `A key of ${customerName(current.customer_id)}.` : 'A key of your own.'}
        actions={
          writable && active ? (
            <>
              <button type="button" className="btn" onClick={() => setRotating(true)}>
                Rotate
              </button>
              <ExpireKeyButton apiKey={current} />
              <RevokeKeyButton apiKey={current} />
            </>
          ) : undefined
        }
      />
      <div className="stack">
        <ActionError />
        <KeyDetailsCard apiKey={current} customerName={customerName(current.customer_id)} writable={writable} />
        <div className="grid-2">
          <LimitsCard source={keyLimits(id)} subject="this key" readOnly={!writable || !active} />
          <BudgetCard source={keyBudget(id)} subject="this key" readOnly={!writable || !active} />
        </div>
        <EffectiveLimitsCard source={keyEffectiveLimits(id)} />
        <KeyUsageCard source={keyEffectiveLimits(id)} billed={current.customer_id ? 'customer_price_usd' : 'resale_usd'} />
      </div>
      <RotateKeyDialog apiKey={current} open={rotating} onClose={() => setRotating(false)} />
    </ActionErrorScope>
  );
}
