import type { PlanView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { planFee } from '../../../lib/plans';
import { useChoosePlan } from '../choice-queries';

/** An owner moves the account to another public plan, after confirming what it costs from now. */
export function SwitchPlanButton({ plan }: { plan: PlanView }) {
  const fee = planFee(plan);
  return (
    <ActionButton
      action={useChoosePlan(plan)}
      className="btn btn-primary"
      confirm={{
        title: `Switch to ${plan.name}?`,
        body: `${fee}${fee === 'Free' ? '' : ' a month, from now: this month each plan you held is charged for the time you held it'}. Its discount and bounds apply to your keys' next calls.`,
        confirmLabel: `Switch to ${plan.name}`,
        tone: 'primary',
      }}
    >
      Switch to {plan.name}
    </ActionButton>
  );
}
