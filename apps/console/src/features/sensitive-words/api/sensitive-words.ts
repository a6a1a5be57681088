import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SENSITIVE_WORD_PAGE_SIZE,
  type SensitiveCheckInput,
  type SensitiveWordListInput,
  type SensitiveWordListUpdate,
  sensitiveWordCalls,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { sensitiveWordTexts as t } from '../../../locales/zh-CN/sensitive-words';

// /agent/sensitiveWord: list, create, edit and check (seed 000 §7). Every edit reloads the lists.

export const sensitiveWordListsKey = ['sensitive-words'] as const;

export const sensitiveWordListsQuery = (page: number) =>
  queryOptions({
    queryKey: [...sensitiveWordListsKey, page] as const,
    queryFn: ({ signal }) =>
      api(sensitiveWordCalls.listSensitiveWordLists, { query: { page, pageSize: SENSITIVE_WORD_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useSensitiveWordMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: sensitiveWordListsKey });
  const create = useMutation({
    mutationFn: (body: SensitiveWordListInput) => api(sensitiveWordCalls.createSensitiveWordList, { body }),
    onSuccess: async () => {
      toastSuccess(t['sensitive-words.toast.created']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: SensitiveWordListUpdate }) =>
      api(sensitiveWordCalls.updateSensitiveWordList, { params: { id }, body }),
    onSuccess: async (list, { body }) => {
      const toast =
        body.enabled === undefined || body.name !== undefined || body.words !== undefined
          ? t['sensitive-words.toast.saved']
          : list.enabled
            ? t['sensitive-words.toast.enabled']
            : t['sensitive-words.toast.disabled'];
      toastSuccess(toast);
      await reload();
    },
  });
  return { create, update };
}

export function useSensitiveWordCheck() {
  return useMutation({
    mutationFn: (body: SensitiveCheckInput) => api(sensitiveWordCalls.checkSensitiveWords, { body }),
  });
}
