/**
 * The signed-in account: the tenant's own record with its plan and budget (GET /me of the reseller
 * API), and the user's password.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const meKeys = {
  me: ['me'] as const,
};

export function useMe() {
  return useQuery({ queryKey: meKeys.me, queryFn: () => data(sdk.reseller.me()) });
}

/** Whether the account resells (customers, prices, margins); false until it is known. */
export function useIsReseller(): boolean {
  return useMe().data?.tenant.kind === 'reseller';
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) =>
      data(sdk.console.changePassword({ current_password: current, new_password: next })),
  });
}
