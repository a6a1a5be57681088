import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subaccountCalls, type subaccountCreateBody, type subaccountUpdateBody } from '@yanbo/contracts';
import type { z } from 'zod';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { listQuery, type SubaccountFilters } from '../subaccount-rules';

// The sub-account calls of seed 001 §7. Every change reloads the list, the figures (count, quota, remainingCount) and
// the groups' counts (seed 001 §4), and shows the seed's toast.

export const subaccountsKey = ['subaccounts'] as const;

export const subaccountListQuery = (filters: SubaccountFilters) =>
  queryOptions({
    queryKey: [...subaccountsKey, 'list', filters],
    queryFn: ({ signal }) => api(subaccountCalls.listSubaccounts, { query: listQuery(filters), signal }),
  });

/** GET /v3/subagent/count: the store's figures and how many sit in each group. */
export const subaccountCountQuery = () =>
  queryOptions({
    queryKey: [...subaccountsKey, 'count'],
    queryFn: ({ signal }) => api(subaccountCalls.countSubaccounts, { signal }),
  });

export function useSubaccountList(filters: SubaccountFilters) {
  return useQuery({ ...subaccountListQuery(filters), placeholderData: keepPreviousData });
}

/**
 * The list, the figures and the groups' counts all sit under ['subaccounts']: one invalidation reloads them, and the
 * activity list's 所属子账号 filter and rows (which show the sub-accounts) follow. A form that shows its failures by
 * its fields asks for silent.
 */
function useReloadingMutation<V, R>(call: (variables: V) => Promise<R>, success: string, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: call,
    onSuccess: async () => {
      toastSuccess(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subaccountsKey }),
        queryClient.invalidateQueries({ queryKey: ['activity-subagents'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]);
    },
  });
}

/** POST /agent/subagent: 账号创建成功; refused beyond the quota. */
export const useCreateSubaccount = () =>
  useReloadingMutation(
    (body: z.input<typeof subaccountCreateBody>) => api(subaccountCalls.createSubaccount, { body }),
    t['subaccounts.toast.accountCreated'],
    true,
  );

/** PUT /agent/subagent/{id}: 编辑成功; a new password signs the sub-account out. */
export const useUpdateSubaccount = () =>
  useReloadingMutation(
    ({ id, body }: { id: number; body: z.input<typeof subaccountUpdateBody> }) =>
      api(subaccountCalls.updateSubaccount, { params: { id }, body }),
    t['subaccounts.toast.edited'],
    true,
  );

/** DELETE /agent/subagent/{id}: 删除成功. */
export const useDeleteSubaccount = () =>
  useReloadingMutation(
    (id: number) => api(subaccountCalls.deleteSubaccount, { params: { id } }),
    t['subaccounts.toast.deleted'],
  );

/** GET /agent/subagent/token?id=: every session of the sub-account ends; it signs in again. */
export const useSignOutSubaccount = () =>
  useReloadingMutation(
    (id: number) => api(subaccountCalls.refreshSubaccountToken, { query: { id } }),
    t['subaccounts.toast.signedOut'],
  );
