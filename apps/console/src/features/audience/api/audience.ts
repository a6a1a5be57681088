import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AUDIENCE_PAGE_SIZE,
  AUDIENCE_RECORD_PAGE_SIZE,
  type AudienceRecordKind,
  type AudienceSearchQuery,
  audienceCalls,
  FAV_INVITER_PAGE_SIZE,
  type UserExtraField,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { audienceTexts as t } from '../../../locales/zh-CN/audience';

// The audience CRM's calls (seed 001 §7 "Audience and CRM"). Seed 001 §4: a tag mutation reloads the list, so every
// change here reloads the people, their tags and the person shown.

export const audienceKey = ['audience'] as const;

export type PeopleFilter = Omit<AudienceSearchQuery, 'page' | 'pageSize'>;

export const peopleQuery = (filter: PeopleFilter, page: number) =>
  queryOptions({
    queryKey: [...audienceKey, 'people', filter, page] as const,
    queryFn: ({ signal }) =>
      api(audienceCalls.searchAudience, { query: { ...filter, page, pageSize: AUDIENCE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const personQuery = (id: number) =>
  queryOptions({
    queryKey: [...audienceKey, 'person', id] as const,
    queryFn: ({ signal }) => api(audienceCalls.getAudiencePerson, { params: { id }, signal }),
  });

export const tagsQuery = () =>
  queryOptions({
    queryKey: [...audienceKey, 'tags'] as const,
    queryFn: ({ signal }) => api(audienceCalls.listAudienceTags, { query: { page: 1 }, signal }),
  });

export const favInvitersQuery = (name = '') =>
  queryOptions({
    queryKey: [...audienceKey, 'fav', name] as const,
    queryFn: ({ signal }) =>
      api(audienceCalls.listFavInviters, {
        query: { page: 1, pageSize: FAV_INVITER_PAGE_SIZE, name: name || undefined },
        signal,
      }),
  });

export const extraConfQuery = (agentId: number) =>
  queryOptions({
    queryKey: [...audienceKey, 'extra', agentId] as const,
    queryFn: ({ signal }) => api(audienceCalls.getUserExtraConf, { params: { agentId }, signal }),
  });

const RECORD_CALLS = {
  visits: audienceCalls.listPersonVisits,
  pay: audienceCalls.listPersonPays,
  share: audienceCalls.listPersonShares,
  question: audienceCalls.listPersonQuestions,
  comment: audienceCalls.listPersonComments,
  checkin: audienceCalls.listPersonCheckins,
  vote: audienceCalls.listPersonVotes,
  gift: audienceCalls.listPersonGifts,
  hb: audienceCalls.listPersonRedPackets,
} as const satisfies Record<AudienceRecordKind, unknown>;

export const recordsQuery = (agentId: number, userId: number, kind: AudienceRecordKind, page: number) =>
  queryOptions({
    queryKey: [...audienceKey, 'records', userId, kind, page] as const,
    queryFn: ({ signal }) =>
      api(RECORD_CALLS[kind], {
        params: { agentId, userId },
        query: { page, pageSize: AUDIENCE_RECORD_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useAudienceMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: audienceKey });
  const done = (text: string) => async () => {
    toastSuccess(text);
    await reload();
  };
  return {
    block: useMutation({
      mutationFn: ({ id, isBlocked }: { id: number; isBlocked: boolean }) =>
        api(audienceCalls.setBlockManagement, { params: { id }, body: { isBlocked } }),
      onSuccess: async (person) =>
        done(person.isBlocked ? t['audience.toast.blocked'] : t['audience.toast.unblocked'])(),
    }),
    update: useMutation({
      mutationFn: ({ id, name, extra }: { id: number; name: string; extra: Record<string, unknown> }) =>
        api(audienceCalls.updateAudiencePerson, {
          params: { id },
          body: { info: { name, extra: extra as Record<string, string | number | string[]> } },
        }),
      onSuccess: done(t['audience.toast.saved']),
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(audienceCalls.deleteAudiencePerson, { params: { id } }),
      onSuccess: done(t['audience.toast.deleted']),
    }),
    setTags: useMutation({
      mutationFn: ({ id, tagIds }: { id: number; tagIds: number[] }) =>
        api(audienceCalls.setPersonTags, { params: { id }, body: { tagIds } }),
      onSuccess: done(t['audience.toast.tagsSaved']),
    }),
    addFav: useMutation({
      mutationFn: (userId: number) => api(audienceCalls.addFavInviter, { body: { userId } }),
      onSuccess: done(t['audience.toast.favAdded']),
    }),
    removeFav: useMutation({
      mutationFn: (userId: number) => api(audienceCalls.removeFavInviter, { body: { userId } }),
      onSuccess: done(t['audience.toast.favRemoved']),
    }),
    createTag: useMutation({
      mutationFn: (name: string) => api(audienceCalls.createAudienceTag, { body: { name } }),
      onSuccess: done(t['audience.toast.tagCreated']),
    }),
    renameTag: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        api(audienceCalls.renameAudienceTag, { params: { id }, body: { name } }),
      onSuccess: done(t['audience.toast.tagRenamed']),
    }),
    deleteTag: useMutation({
      mutationFn: (id: number) => api(audienceCalls.deleteAudienceTag, { params: { id } }),
      onSuccess: done(t['audience.toast.tagDeleted']),
    }),
    saveExtraConf: useMutation({
      mutationFn: ({ agentId, fields }: { agentId: number; fields: UserExtraField[] }) =>
        api(audienceCalls.saveUserExtraConf, { params: { agentId }, body: { fields } }),
      onSuccess: done(t['audience.toast.formSaved']),
    }),
  };
}
