import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { interactionCalls, QUESTION_PAGE_SIZE } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';

// /v3/activity/{id}/question: the viewers' questions (new ones are asked for every few seconds), answer, delete.

const REFRESH_MS = 3_000;
export type QuestionFilter = 'all' | 'no' | 'yes';
export const questionsKey = (activityId: number) => ['interactions', activityId, 'questions'] as const;

export const questionListQuery = (activityId: number, filter: QuestionFilter, page: number) =>
  queryOptions({
    queryKey: [...questionsKey(activityId), filter, page] as const,
    queryFn: ({ signal }) =>
      api(interactionCalls.listQuestions, {
        params: { id: activityId },
        query: { page, pageSize: QUESTION_PAGE_SIZE, ...(filter === 'all' ? {} : { answered: filter }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export function useQuestionMutations(activityId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: questionsKey(activityId) });
  const answer = useMutation({
    mutationFn: ({ questionId, answer }: { questionId: number; answer: string }) =>
      api(interactionCalls.answerQuestion, { params: { id: activityId, questionId }, body: { answer } }),
    onSuccess: async () => {
      toastSuccess(t['interactions.question.toast.answered']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (questionId: number) =>
      api(interactionCalls.deleteQuestion, { params: { id: activityId, questionId } }),
    onSuccess: async () => {
      toastSuccess(t['interactions.question.toast.deleted']);
      await reload();
    },
  });
  return { answer, remove };
}
