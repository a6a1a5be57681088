import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { AGGREGATION_PAGE_SIZE, type AggregationInput, aggregationAllLoaded, aggregationCalls } from '@yanbo/contracts';
import { feedback, toastSuccess } from '../../../app/feedback';
import { ApiError, api, errorText } from '../../../app/http';
import { aggregationErrorTexts, aggregationTexts as t } from '../../../locales/zh-CN/aggregation';

// /v3/aggregation (seed 000 §2, §4): the list loads 10 at a time with 加载更多 and is all loaded once a page brings
// fewer than 10; add, update and delete reload it. A failure is shown here with the seed's texts, so the global toast
// stays silent.

export const aggregationKey = ['aggregation'] as const;

/** Seed 000 §4: pages of 10, the next asked for only while the last one was full. */
export function useAggregationList(name: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...aggregationKey, 'list', name ?? ''] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api(aggregationCalls.listAggregations, {
        query: { page: pageParam, pageSize: AGGREGATION_PAGE_SIZE, name: name || undefined },
        signal,
      }),
    getNextPageParam: (last) => (aggregationAllLoaded(last.items.length) ? undefined : last.pager.page + 1),
    placeholderData: keepPreviousData,
  });
}

/** The seed's text for a failure: by its message (after a validation's `field: `), else the usual one. */
export async function aggregationErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = aggregationErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

const showFailure = async (error: unknown) => {
  feedback().message.error(await aggregationErrorText(error));
};
const silent = { silent: true } as const;

export function useAggregationMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: aggregationKey });
  const create = useMutation({
    mutationFn: (body: AggregationInput) => api(aggregationCalls.createAggregation, { body }),
    meta: silent,
    onError: showFailure,
    onSuccess: async () => {
      toastSuccess(t['aggregation.toast.created']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AggregationInput }) =>
      api(aggregationCalls.updateAggregation, { params: { id }, body }),
    meta: silent,
    onError: showFailure,
    onSuccess: async () => {
      toastSuccess(t['aggregation.toast.saved']);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(aggregationCalls.deleteAggregation, { params: { id } }),
    meta: silent,
    onError: showFailure,
    onSuccess: async () => {
      toastSuccess(t['aggregation.toast.deleted']);
      await reload();
    },
  });
  return { create, update, remove };
}
