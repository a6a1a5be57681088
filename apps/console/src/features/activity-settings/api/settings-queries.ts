import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityManager,
  type ActivityManagerUpdate,
  type ActivityMenu,
  type Invitation,
  MEETING_PAGE_SIZE,
  type MeetingDetails,
  type MeetingJoin,
  type MeetingSession,
  type OfficialUser,
  type ShareCard,
  SMS_RECORD_PAGE_SIZE,
  type SmsUsage,
  SUBSCRIBER_PAGE_SIZE,
  type SubscriberList,
  type WatchCode,
  type WatchCodeUpdate,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { http } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { managerOrEmpty } from '../settings-rules';

// The settings screen's calls (seed 001 §7, shared/spec/calls.tsv): each tab reads its section and each save
// refreshes it with the server's answer and shows the seed's toast.

const key = (activityId: number, section: string) => ['activity-settings', activityId, section] as const;

export const watchCodeQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'watchcode'),
    queryFn: ({ signal }) => http.get<WatchCode>(`/activity/${activityId}/watchcode`, undefined, { signal }),
  });

/** PUT /activity/{id}/watchcode (更新成功) and POST .../watchcode/refresh (a new random code, 设置成功). */
export function useWatchCodeMutations(activityId: number) {
  const queryClient = useQueryClient();
  const store = (code: WatchCode) => queryClient.setQueryData(watchCodeQuery(activityId).queryKey, code);
  const update = useMutation({
    mutationFn: (body: WatchCodeUpdate) => http.put<WatchCode>(`/activity/${activityId}/watchcode`, body),
    onSuccess: (code) => {
      store(code);
      toastSuccess(t['settings.toast.updated']);
    },
  });
  const refresh = useMutation({
    mutationFn: () => http.post<WatchCode>(`/activity/${activityId}/watchcode/refresh`),
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
    queryFn: ({ signal }) => http.get<ActivityMenu>(`/activity/${activityId}/menu`, undefined, { signal }),
  });

export function useSaveMenu(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (menu: ActivityMenu) => http.put<ActivityMenu>(`/activity/${activityId}/menu`, menu),
    onSuccess: (menu) => {
      queryClient.setQueryData(menuQuery(activityId).queryKey, menu);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}

export const shareCardQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'shareCard'),
    queryFn: ({ signal }) => http.get<ShareCard>(`/activity/${activityId}/shareCard`, undefined, { signal }),
  });

export function useSaveShareCard(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: Partial<ShareCard>) => http.put<ShareCard>(`/activity/${activityId}/shareCard`, card),
    onSuccess: (card) => {
      queryClient.setQueryData(shareCardQuery(activityId).queryKey, card);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}

export const invitationQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'invitation'),
    queryFn: ({ signal }) => http.get<Invitation>(`/activity/${activityId}/invitation`, undefined, { signal }),
  });

export function useSaveInvitation(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Invitation>) => http.put<Invitation>(`/activity/${activityId}/invitation`, body),
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
      http.get<SmsUsage>(`/agent/${agentId}/sms`, { page, pageSize: SMS_RECORD_PAGE_SIZE }, { signal }),
  });

export const officialUserQuery = (activityId: number) =>
  queryOptions({
    queryKey: key(activityId, 'official-user'),
    queryFn: ({ signal }) => http.get<OfficialUser>(`/activity/${activityId}/official-user`, undefined, { signal }),
  });

export const subscribersQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...key(activityId, 'subscribe'), page] as const,
    queryFn: ({ signal }) =>
      http.get<SubscriberList>(
        `/v3/activity/${activityId}/subscribe`,
        { page, pageSize: SUBSCRIBER_PAGE_SIZE },
        { signal },
      ),
  });

/** Meeting details, page size 10 (seed 001 §9). */
export const meetingQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...key(activityId, 'meeting'), page] as const,
    queryFn: ({ signal }) =>
      http.get<MeetingDetails>(`/activity/${activityId}/meeting`, { page, pageSize: MEETING_PAGE_SIZE }, { signal }),
  });

export function useMeetingMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: key(activityId, 'meeting') });
  const join = useMutation({
    mutationFn: () => http.post<MeetingJoin>(`/v3/activity/${activityId}/meeting/join`),
    onSuccess: reload,
  });
  // Ending a meeting reloads the meeting details (seed 001 §4); a failure says 结束会议失败 (seed 001 §8).
  const end = useMutation({
    mutationFn: () => http.post<MeetingSession>(`/activity/${activityId}/meeting/end`),
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
      managerOrEmpty(http.get<ActivityManager>(`/activity/${activityId}/manager`, undefined, { signal })),
  });

export function useSaveManager(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityManagerUpdate) => http.put<ActivityManager>(`/activity/${activityId}/manager`, body),
    onSuccess: (manager) => {
      queryClient.setQueryData(managerQuery(activityId).queryKey, manager);
      toastSuccess(t['settings.toast.saved']);
    },
  });
}
