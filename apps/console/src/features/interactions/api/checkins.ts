import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CHECKIN_PAGE_SIZE,
  CHECKIN_USER_PAGE_SIZE,
  type CheckinInput,
  extensionCalls,
  interactionCalls,
  type SignInSettings,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';

// /v3/activity/{id}/checkin: the check-ins with their counts, start, end, and who checked in. The lists are asked
// again every few seconds while a check-in runs, so the count and the names follow the viewers.

const REFRESH_MS = 2_000;
export const checkinsKey = (activityId: number) => ['interactions', activityId, 'checkins'] as const;

export const checkinListQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...checkinsKey(activityId), 'list', page] as const,
    queryFn: ({ signal }) =>
      api(interactionCalls.listCheckins, {
        params: { id: activityId },
        query: { page, pageSize: CHECKIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const checkinUsersQuery = (activityId: number, checkinId: number, page: number) =>
  queryOptions({
    queryKey: [...checkinsKey(activityId), 'users', checkinId, page] as const,
    queryFn: ({ signal }) =>
      api(interactionCalls.listCheckinUsers, {
        params: { id: activityId, checkinId },
        query: { page, pageSize: CHECKIN_USER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export function useCheckinMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: checkinsKey(activityId) });
  const start = useMutation({
    mutationFn: (body: CheckinInput) => api(interactionCalls.startCheckin, { params: { id: activityId }, body }),
    onSuccess: async () => {
      toastSuccess(t['interactions.checkin.toast.started']);
      await reload();
    },
  });
  const end = useMutation({
    mutationFn: (checkinId: number) =>
      api(interactionCalls.endCheckin, { params: { id: activityId, checkinId }, body: { status: 'ended' } }),
    onSuccess: async () => {
      toastSuccess(t['interactions.checkin.toast.ended']);
      await reload();
    },
  });
  return { start, end };
}

/**
 * The sign-in extension (签到) as the check-in form follows it: while switched on, its title and duration are the
 * form's starting values and its 仅限手机号登录的观众 the check-in's rule (the server applies it when starting).
 */
export const signInRulesQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['activity-settings', activityId, 'extension', 'sign-in'] as const,
    queryFn: ({ signal }) =>
      api(extensionCalls.getExtension, { params: { id: activityId, identity: 'sign-in' }, signal }),
    select: (state) => ({ enabled: state.enabled, ...(state.settings as SignInSettings) }),
  });
