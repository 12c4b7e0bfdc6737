/** A plan's terms in plain words, for the plans page, sign-up and the console's plan page. */
import type { PlanView } from '@unified-api-gateway/sdk';
import { categoryLabel } from './categories';
import { formatBps, formatCount } from './format';
import { formatUsd } from './money';

export function planFee(plan: PlanView): string {
  return /^0*(\.0*)?$/.test(plan.monthly_fee_usd) ? 'Free' : formatUsd(plan.monthly_fee_usd);
}

export function planTerms(plan: PlanView): string[] {
  const terms: string[] = [];
  terms.push(plan.resale_discount_bps > 0 ? `${formatBps(plan.resale_discount_bps)} off every catalog price` : 'Catalog prices');
  terms.push(
    plan.allowed_categories.length === 0
      ? 'Every category of the catalog'
      : `Categories: ${plan.allowed_categories.map(categoryLabel).join(', ')}`,
  );
  terms.push(
    plan.request_limit_per_window === null
      ? 'No account-wide request cap'
      : `Up to ${formatCount(plan.request_limit_per_window)} requests per rate-limit window across your keys`,
  );
  if (plan.default_monthly_spend_cap_usd !== null) {
    terms.push(`Monthly spend cap of ${formatUsd(plan.default_monthly_spend_cap_usd)} (protects you from surprises)`);
  }
  return terms;
}
