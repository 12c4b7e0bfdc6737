/**
 * The overview's "Get going" steps, each checked on the reseller API: a key, a first call and, for a
 * reseller, a customer, a customer's key and its prices. Asked again each time the overview opens
 * (staleTime 0): a step done on another page shows as done on return.
 */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const firstStepKeys = {
  all: ['overview', 'first-steps'] as const,
  step: (step: string) => [...firstStepKeys.all, step] as const,
};

/** One step: true once done; undefined while it is being checked. */
function useStepDone(step: string, check: () => Promise<boolean>, enabled = true) {
  return useQuery({ queryKey: firstStepKeys.step(step), queryFn: check, enabled, staleTime: 0 }).data;
}

export interface FirstSteps {
  key?: boolean;
  call?: boolean;
  customer?: boolean;
  customerKey?: boolean;
  prices?: boolean;
}

export function useFirstSteps(reseller: boolean): FirstSteps {
  return {
    key: useStepDone('key', async () => (await data(sdk.reseller.keys.list({ limit: 1 }))).data.length > 0),
    call: useStepDone('call', async () => (await data(sdk.reseller.audit.list({ limit: 1 }))).data.length > 0),
    customer: useStepDone('customer', async () => (await data(sdk.reseller.customers.list({ limit: 1 }))).data.length > 0, reseller),
    // The newest 500 keys: a customer's key among them (a reseller with 500 keys of its own and none of a customer's is not a first run).
    customerKey: useStepDone(
      'customer-key',
      async () => (await data(sdk.reseller.keys.list({ limit: 500 }))).data.some((k) => k.customer_id !== null),
      reseller,
    ),
    prices: useStepDone(
      'prices',
      async () => {
        const [prices, markups] = await Promise.all([data(sdk.reseller.prices.list()), data(sdk.reseller.markups.list())]);
        return prices.data.length > 0 || markups.data.length > 0;
      },
      reseller,
    ),
  };
}
