/** The operators (the operator API's /operators): cache keys and hooks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOperatorRequest } from '@unified-api-gateway/sdk';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { useSignedIn } from '../../auth/session';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import { useLeave } from '../auth/queries';

export const operatorKeys = {
  all: ['admin', 'operators'] as const,
  list: () => [...operatorKeys.all, 'list'] as const,
};

export function useOperators() {
  return useCursorList(operatorKeys.list(), (cursor) => data(adminSdk.operators.list({ limit: PAGE_SIZE, cursor })));
}

/** Adds an operator with a first password (the form hands it over; only its hash is stored). */
export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOperatorRequest) =>
      data(adminSdk.operators.create({ ...body, name: body.name.trim(), email: body.email.trim() })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

/** Removes an operator, ending its sessions; removing yourself signs you out here too. */
export function useRemoveOperator(id: string) {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const toast = useToast();
  const leave = useLeave();
  return useMutation({
    mutationFn: () => data(adminSdk.operators.delete(id)),
    onSuccess: () => {
      // The API ended this session with the others: leave as signing out does.
      if (id === session.user.id) return leave();
      void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      toast('Operator removed');
    },
  });
}
