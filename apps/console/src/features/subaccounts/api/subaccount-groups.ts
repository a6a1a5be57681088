import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { subaccountCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { subaccountsKey } from './subaccounts';

// Sub-account groups (seed 001 §7 /v3/subagent-group). Each change reloads the groups and the list (seed 001 §4). A
// taken name answers '400 Group name already existed' and the 21st group '403 The number of groups cannot exceed 20';
// the error catalogue shows them as 分组名称已存在 and 子账号分组数量不能超过20个.

export const subaccountGroupsQuery = () =>
  queryOptions({
    queryKey: [...subaccountsKey, 'groups'],
    queryFn: ({ signal }) => api(subaccountCalls.listSubaccountGroups, { signal }),
  });

function useGroupMutation<V, R>(call: (variables: V) => Promise<R>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      toastSuccess(success);
      // The groups, their counts and the list (a deleted group's sub-accounts move to 默认分组).
      await queryClient.invalidateQueries({ queryKey: subaccountsKey });
    },
  });
}

export const useCreateSubaccountGroup = () =>
  useGroupMutation(
    (name: string) => api(subaccountCalls.createSubaccountGroup, { body: { name } }),
    t['subaccounts.toast.created'],
  );

export const useRenameSubaccountGroup = () =>
  useGroupMutation(
    ({ id, name }: { id: number; name: string }) =>
      api(subaccountCalls.renameSubaccountGroup, { params: { id }, body: { name } }),
    t['subaccounts.toast.edited'],
  );

export const useDeleteSubaccountGroup = () =>
  useGroupMutation(
    (id: number) => api(subaccountCalls.deleteSubaccountGroup, { params: { id } }),
    t['subaccounts.toast.deleted'],
  );
