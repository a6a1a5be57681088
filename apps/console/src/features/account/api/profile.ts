import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AgentProfile,
  ChangeMobileBody,
  ChangePasswordBody,
  LoginRecordList,
  OpenidBinding,
  SmsSent,
  UpdateProfileBody,
  Uploaded,
} from '@yanbo/contracts';
import { http } from '../../../app/http';
import { queryClient } from '../../../app/query-client';
import { uploadWithPolicy } from '../../../app/upload';
import { meQueryKey } from './me';

// The signed-in account's own calls (the /user page). Each mutation refreshes what it changed.

const refreshMe = () => queryClient.invalidateQueries({ queryKey: meQueryKey });

export function useUpdateProfile(agentId: number) {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => http.put<AgentProfile>(`/agent/${agentId}`, body),
    onSuccess: refreshMe,
  });
}

export function useChangePassword(agentId: number) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => http.put<{ ok: true }>(`/agent/${agentId}/password`, body),
    meta: { silent: true },
  });
}

export function useSendMobileCode() {
  return useMutation({
    mutationFn: (mobile: string) => http.post<SmsSent>('/agent/sms', { purpose: 'mobile', mobile }),
    meta: { silent: true },
  });
}

export function useChangeMobile(agentId: number) {
  return useMutation({
    mutationFn: (body: ChangeMobileBody) => http.put<AgentProfile>(`/agent/${agentId}/mobile`, body),
    meta: { silent: true },
    onSuccess: refreshMe,
  });
}

export const openidQueryKey = ['agent-openid'] as const;

export function useOpenid(state: string) {
  return useQuery({
    queryKey: [...openidQueryKey, state],
    queryFn: () => http.get<OpenidBinding>('/agent/openid', { state }),
  });
}

export function useBindOpenid() {
  return useMutation({
    mutationFn: (code: string) => http.put<OpenidBinding>('/agent/openid', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openidQueryKey }),
  });
}

export function useUnbindOpenid() {
  return useMutation({
    mutationFn: () => http.del<OpenidBinding>('/agent/openid'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openidQueryKey }),
  });
}

export function useLoginRecords(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['login-records', page, pageSize],
    queryFn: () => http.get<LoginRecordList>('/agent/login-record', { page, pageSize }),
    placeholderData: (previous) => previous,
  });
}

/** Uploads an avatar under the agent-avatar upload policy; answers where it is served. */
export const uploadAvatar = (file: File): Promise<Uploaded> => uploadWithPolicy('agent-avatar', file);
