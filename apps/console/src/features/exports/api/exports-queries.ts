import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DATA_STATS_PAGE_SIZE, type ExportKind, exportCalls, type StatsRange } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { exportTexts as t } from '../../../locales/zh-CN/exports';

// The data-statistics tabs' pages, the export field sets and the saved table columns (seed 001 §7). Seed 001 §8:
// "Statistics loaders only clear loading" — a tab's failure shows in the tab, never as a toast (meta.silent).

export const exportsKey = ['exports'] as const;

export const dataStatsQuery = (
  activityId: number,
  kind: ExportKind,
  range: StatsRange,
  page: number,
  fields: readonly string[],
  pageSize = DATA_STATS_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: [...exportsKey, 'data', activityId, kind, range, page, pageSize, fields] as const,
    queryFn: ({ signal }) =>
      api(exportCalls.listDataStats, {
        params: { id: activityId, kind },
        query: { ...range, page, pageSize, fields: fields.join(',') },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** Every export and its fields: the custom export's field set. */
export const exportFieldsQuery = () =>
  queryOptions({
    queryKey: [...exportsKey, 'fields', 'custom-export'] as const,
    queryFn: ({ signal }) => api(exportCalls.getExportFields, { params: { name: 'custom-export' }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const tableTheadQuery = (id: ExportKind) =>
  queryOptions({
    queryKey: [...exportsKey, 'thead', id] as const,
    queryFn: ({ signal }) => api(exportCalls.getTableThead, { params: { id }, signal }),
    meta: { silent: true },
  });

export function useSaveTableThead(id: ExportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: string[]) => api(exportCalls.saveTableThead, { params: { id }, body: { fields } }),
    onSuccess: (saved) => {
      client.setQueryData(tableTheadQuery(id).queryKey, saved);
      toastSuccess(t['exports.columnsSaved']);
    },
  });
}
