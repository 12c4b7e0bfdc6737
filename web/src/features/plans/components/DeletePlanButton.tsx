import type { PlanView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { errorCode } from '../../auth/auth-errors';
import { useDeletePlan } from '../queries';

/** Deletes a plan after confirming; the API refuses one a tenant is on, which the page says in its words. */
export function DeletePlanButton({ plan }: { plan: PlanView }) {
  return (
    <ActionButton
      action={useDeletePlan(plan.id)}
      className="btn btn-sm btn-danger-outline"
      label={`Delete ${plan.name}`}
      confirm={{ title: `Delete the ${plan.name} plan?`, body: 'Only a plan no tenant is on can be deleted.', confirmLabel: 'Delete plan' }}
      mapError={(error) => (errorCode(error) === 'conflict' ? new Error('Tenants are still on this plan: move them first.') : error)}
    >
      Delete
    </ActionButton>
  );
}
