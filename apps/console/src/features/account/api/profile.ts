import { useMutation, useQuery } from '@tanstack/react-query';
import {
  accountCalls,
  type ChangeMobileBody,
  type ChangePasswordBody,
  type UpdateProfileBody,
  type Uploaded,
} from '@yanbo/contracts';
import { api } from '../../../app/http';
import { queryClient } from '../../../app/query-client';
import { meQueryKey } from '../../../app/session';
import { uploadWithPolicy } from '../../../app/upload';

// The signed-in account's own calls (the /user page). Each mutation refreshes what it changed.

const refreshMe = () => queryClient.invalidateQueries({ queryKey: meQueryKey });

export function useUpdateProfile(agentId: number) {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api(accountCalls.updateProfile, { params: { id: agentId }, body }),
    onSuccess: refreshMe,
  });
}

export function useChangePassword(agentId: number) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api(accountCalls.changePassword, { params: { id: agentId }, body }),
    meta: { silent: true },
  });
}

export function useSendMobileCode() {
  return useMutation({
    mutationFn: (mobile: string) => api(accountCalls.sendAgentSms, { body: { purpose: 'mobile', mobile } }),
    meta: { silent: true },
  });
}

export function useChangeMobile(agentId: number) {
  return useMutation({
    mutationFn: (body: ChangeMobileBody) => api(accountCalls.changeMobile, { params: { id: agentId }, body }),
    meta: { silent: true },
    onSuccess: refreshMe,
  });
}

export const openidQueryKey = ['agent-openid'] as const;

export function useOpenid(state: string) {
  return useQuery({
    queryKey: [...openidQueryKey, state],
    queryFn: () => api(accountCalls.getOpenid, { query: { state } }),
  });
}

/**
 * Reads the binding again after a change. The binding is bound on the page's first render, back from the authorize
 * page, while its first read may still be on its way: a query without data yet does not refetch when invalidated (it
 * keeps the read under way, sent before the change), so that read is cancelled first.
 */
async function reloadOpenid() {
  await queryClient.cancelQueries({ queryKey: openidQueryKey });
  await queryClient.invalidateQueries({ queryKey: openidQueryKey });
}

export function useBindOpenid() {
  return useMutation({
    mutationFn: (code: string) => api(accountCalls.bindOpenid, { body: { code } }),
    onSuccess: reloadOpenid,
  });
}

export function useUnbindOpenid() {
  return useMutation({
    mutationFn: () => api(accountCalls.unbindOpenid),
    onSuccess: reloadOpenid,
  });
}

export function useLoginRecords(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['login-records', page, pageSize],
    queryFn: () => api(accountCalls.listLoginRecords, { query: { page, pageSize } }),
    placeholderData: (previous) => previous,
  });
}

/** Uploads an avatar under the agent-avatar upload policy; answers where it is served. */
export const uploadAvatar = (file: File): Promise<Uploaded> => uploadWithPolicy('agent-avatar', file);
