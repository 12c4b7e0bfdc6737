import type { PlanView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { usdToPicoUsd } from '../../../lib/money';
import { planFee } from '../../../lib/plans';
import { useChoosePlan } from '../choice-queries';

/**
 * Whether the API makes the move at once: when it costs the tenant more (a bigger fee, or the same fee
 * without a bigger discount). Any other waits for a month's start (the API's ownerMoveIsImmediate).
 */
function madeAtOnce(current: PlanView, target: PlanView): boolean {
  const [from, to] = [usdToPicoUsd(current.monthly_fee_usd) ?? 0n, usdToPicoUsd(target.monthly_fee_usd) ?? 0n];
  return to !== from ? to > from : target.resale_discount_bps <= current.resale_discount_bps;
}

/**
 * An owner moves the account to another public plan, after confirming what it costs and when: at
 * once when it costs more, else at a month's start once the current plan was held a whole month (the
 * date is the answer's, shown in the toast and on the page).
 */
export function SwitchPlanButton({ plan, current }: { plan: PlanView; current: PlanView }) {
  const fee = planFee(plan);
  const later = !madeAtOnce(current, plan);
  const body = later
    ? `${fee}${fee === 'Free' ? '' : ' a month'}, from a month's start: a plan is held for at least one whole month, so this move waits until you have held ${current.name} for one. You keep ${current.name}, its discount, bounds and fee until then; you can stay on it instead.`
    : `${fee}${fee === 'Free' ? '' : ' a month, from now: this month each plan you held is charged for the time you held it'}. Its discount and bounds apply to your keys' next calls.`;
  return (
    <ActionButton
      action={useChoosePlan(plan)}
      className="btn btn-primary"
      confirm={{
        title: `Switch to ${plan.name}${later ? ' at a month’s start' : ''}?`,
        body,
        confirmLabel: `Switch to ${plan.name}`,
        tone: 'primary',
      }}
    >
      Switch to {plan.name}
    </ActionButton>
  );
}
