/** The words for each limit and each setting of the effective-limits report (the API's names). */
import type { EffectiveBudgetView, EffectiveRateLimitView, LimitSettingView } from '@unified-api-gateway/sdk';

export const LIMIT_NAMES: Record<EffectiveRateLimitView['name'], string> = {
  endpoint: 'This key on this endpoint',
  key: 'This key, every endpoint',
  customer_endpoint: 'Its customer on this endpoint',
  customer: 'Its customer, every endpoint',
  tenant: 'The whole account',
};

export const SETTING_NAMES: Record<LimitSettingView['source'], string> = {
  catalog_default: 'catalog default',
  endpoint_override: "operator's endpoint limit",
  key_override: "operator's limit on the key",
  key_per_slug: 'per-endpoint limit on the key',
  key: 'limit on the key',
  customer_per_slug: 'per-endpoint limit on the customer',
  customer: 'limit on the customer',
  tenant: 'account limit',
  plan: "plan's limit",
};

export const BUDGET_NAMES: Record<EffectiveBudgetView['subject'], string> = {
  key: "This key's budget",
  customer: "Its customer's budget",
  tenant: "The account's budget",
};

export const PERIOD_NAMES: Record<EffectiveBudgetView['period'], string> = {
  daily: 'per day',
  weekly: 'per week',
  monthly: 'per month',
  none: 'lifetime',
};
