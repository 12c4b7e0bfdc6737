import type { PlanView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { formatDate } from '../../../lib/format';
import { usdToPicoUsd } from '../../../lib/money';
import { planFee } from '../../../lib/plans';
import { useChoosePlan } from '../choice-queries';

/** The start of the next UTC month: when a move to a smaller fee is made (the API says the same). */
function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/**
 * An owner moves the account to another public plan, after confirming what it costs and when: at
 * once for an equal or bigger fee, at the next month's start for a smaller one (the current plan is
 * held, and its fee owed, to the end of the month).
 */
export function SwitchPlanButton({ plan, current }: { plan: PlanView; current: PlanView }) {
  const fee = planFee(plan);
  const later = (usdToPicoUsd(plan.monthly_fee_usd) ?? 0n) < (usdToPicoUsd(current.monthly_fee_usd) ?? 0n);
  const body = later
    ? `${fee}${fee === 'Free' ? '' : ' a month'}, from ${formatDate(nextMonthStart())}: a plan with a smaller fee starts with the next month. You keep ${current.name}, its discount, bounds and fee until then; choosing ${current.name} again cancels the move.`
    : `${fee}${fee === 'Free' ? '' : ' a month, from now: this month each plan you held is charged for the time you held it'}. Its discount and bounds apply to your keys' next calls.`;
  return (
    <ActionButton
      action={useChoosePlan(plan)}
      className="btn btn-primary"
      confirm={{
        title: `Switch to ${plan.name}${later ? ' next month' : ''}?`,
        body,
        confirmLabel: `Switch to ${plan.name}`,
        tone: 'primary',
      }}
    >
      Switch to {plan.name}
    </ActionButton>
  );
}
