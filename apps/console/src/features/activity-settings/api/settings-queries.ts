import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityManagerUpdate,
  type ActivityMenu,
  activitySettingsCalls,
  type Invitation,
  MEETING_PAGE_SIZE,
  meetingCalls,
  type ShareCard,
  SMS_RECORD_PAGE_SIZE,
  SUBSCRIBER_PAGE_SIZE,
  type WatchCode,
  type WatchCodeUpdate,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { managerOrEmpty } from '../settings-rules';

// The settings screen's calls (seed 001 §7, shared/spec/calls.tsv): each tab reads its section and each save
// refreshes it with the server's answer and shows the seed's toast.

const key = (activityId: number, section: string) => ['activity-settings', activityId, section] as const;

export const watchCodeQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'watchcode'),
    queryFn: ({ signal }) => api(activitySettingsCalls.getWatchCode, { params: { id: activityId }, signal }),
  });

/** PUT /activity/{id}/watchcode (更新成功) and POST .../watchcode/refresh (a new random code, 设置成功). */
export function useWatchCodeMutations(activityId: number) {
  const queryClient = useQueryClient();
  const store = (code: WatchCode) => queryClient.setQueryData(watchCodeQuery(activityId).queryKey, code);
  const update = useMutation({
    mutationFn: (body: WatchCodeUpdate) =>
      api(activitySettingsCalls.updateWatchCode, { params: { id: activityId }, body }),
    onSuccess: (code) => {
      store(code);
      toastSuccess(t['settings.toast.updated']);
    },
  });
  const refresh = useMutation({
    mutationFn: () => api(activitySettingsCalls.refreshWatchCode, { params: { id: activityId } }),
    onSuccess: (code) => {
      store(code);
      toastSuccess(t['settings.toast.set']);
    },
  });
  return { update, refresh };
}

export const menuQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'menu'),
    queryFn: ({ signal }) => api(activitySettingsCalls.getMenu, { params: { id: activityId }, signal }),
  });

export function useSaveMenu(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menu: ActivityMenu) => api(activitySettingsCalls.saveMenu, { params: { id: activityId }, body: menu }),
    onSuccess: (menu) => {
      queryClient.setQueryData(menuQuery(activityId).queryKey, menu);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}

export const shareCardQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'shareCard'),
    queryFn: ({ signal }) => api(activitySettingsCalls.getShareCard, { params: { id: activityId }, signal }),
  });

export function useSaveShareCard(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: Partial<ShareCard>) =>
      api(activitySettingsCalls.updateShareCard, { params: { id: activityId }, body: card }),
    onSuccess: (card) => {
      queryClient.setQueryData(shareCardQuery(activityId).queryKey, card);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}

export const invitationQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'invitation'),
    queryFn: ({ signal }) => api(activitySettingsCalls.getInvitation, { params: { id: activityId }, signal }),
  });

export function useSaveInvitation(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Invitation>) =>
      api(activitySettingsCalls.updateInvitation, { params: { id: activityId }, body }),
    onSuccess: (invitation) => {
      queryClient.setQueryData(invitationQuery(activityId).queryKey, invitation);
      toastSuccess(t['settings.toast.set']);
    },
  });
}

/** GET /agent/{id}/sms: the caller's agent's SMS resource and sent messages, a page at a time. */
export const smsUsageQuery = (agentId: number, page: number) =>
  queryOptions({
    queryKey: ['sms-usage', agentId, page] as const,
    queryFn: ({ signal }) =>
      api(activitySettingsCalls.getSmsUsage, {
        params: { id: agentId },
        query: { page, pageSize: SMS_RECORD_PAGE_SIZE },
        signal,
      }),
  });

export const officialUserQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'official-user'),
    queryFn: ({ signal }) => api(activitySettingsCalls.getOfficialUser, { params: { id: activityId }, signal }),
  });

export const subscribersQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...key(activityId, 'subscribe'), page] as const,
    queryFn: ({ signal }) =>
      api(activitySettingsCalls.listSubscribers, {
        params: { id: activityId },
        query: { page, pageSize: SUBSCRIBER_PAGE_SIZE },
        signal,
      }),
  });

/** Meeting details, page size 10 (seed 001 §9). */
export const meetingQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...key(activityId, 'meeting'), page] as const,
    queryFn: ({ signal }) =>
      api(meetingCalls.getMeetingDetails, {
        params: { id: activityId },
        query: { page, pageSize: MEETING_PAGE_SIZE },
        signal,
      }),
    // Who is in the room changes while a meeting goes on.
    refetchInterval: (query) => (query.state.data?.state === 'ongoing' ? MEETING_DETAILS_REFRESH_MS : false),
  });
const MEETING_DETAILS_REFRESH_MS = 5_000;

export function useMeetingMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: key(activityId, 'meeting') });
  const join = useMutation({
    // No body: the caller joins as host; an invitation names a guest.
    mutationFn: (guest?: { nickname: string }) =>
      api(meetingCalls.joinMeeting, {
        params: { id: activityId },
        ...(guest ? { body: { nickname: guest.nickname, role: 'guest' as const } } : {}),
      }),
    onSuccess: reload,
  });
  // Ending a meeting reloads the meeting details (seed 001 §4); a failure says 结束会议失败 (seed 001 §8).
  const end = useMutation({
    mutationFn: () => api(meetingCalls.endMeeting, { params: { id: activityId } }),
    onSuccess: async () => {
      toastSuccess(t['settings.toast.meetingEnded']);
      await reload();
    },
    meta: { silent: true },
  });
  return { join, end };
}

/** The activity manager; a 404 while fetching it leaves it empty, silently (seed 001 §8). */
export const managerQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'manager'),
    queryFn: ({ signal }) =>
      managerOrEmpty(api(activitySettingsCalls.getManager, { params: { id: activityId }, signal })),
  });

export function useSaveManager(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityManagerUpdate) =>
      api(activitySettingsCalls.updateManager, { params: { id: activityId }, body }),
    onSuccess: (manager) => {
      queryClient.setQueryData(managerQuery(activityId).queryKey, manager);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}
