import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateTaskInput,
  downloadCenterCalls,
  EXPORT_TOKEN_PARAM,
  metaCalls,
  TASK_PAGE_SIZE,
  TASK_POLL_MS,
  type Task,
} from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api, apiUrl } from '../../../app/http';
import { downloadCenterTexts as t } from '../../../locales/zh-CN/download-center';

// The download center's calls (seed 001 §7). A running task is polled by id until it ends (seed 001 §4 "The mission
// status is polled by id and stored"); its answer is stored in the list's cache, so the row moves without a reload.

export const taskListsKey = ['download-center'] as const;

export const taskListQuery = (page: number) =>
  queryOptions({
    queryKey: [...taskListsKey, 'list', page] as const,
    queryFn: ({ signal }) =>
      api(downloadCenterCalls.listTasks, { query: { label: 'download', page, pageSize: TASK_PAGE_SIZE }, signal }),
  });

export const recentTasksQuery = () =>
  queryOptions({
    queryKey: [...taskListsKey, 'recent'] as const,
    queryFn: ({ signal }) => api(downloadCenterCalls.listRecentTasks, { signal }),
  });

const isRunning = (task: Task) => task.status === 'pending' || task.status === 'running';

/** One task, polled while it runs. */
export const taskQuery = (id: number) =>
  queryOptions({
    queryKey: [...taskListsKey, 'task', id] as const,
    queryFn: ({ signal }) => api(downloadCenterCalls.getTask, { params: { id }, signal }),
    // A poll that fails (the task deleted meanwhile, a moment offline) leaves the row as it was: no toast.
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : TASK_POLL_MS),
  });

export { isRunning };

export function useTaskMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: taskListsKey });
  const create = useMutation({
    mutationFn: (body: CreateTaskInput) => api(downloadCenterCalls.createTask, { body }),
    onSuccess: () => reload(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(downloadCenterCalls.deleteTask, { params: { id } }),
    onSuccess: async (_, id) => {
      toastSuccess(t['downloadCenter.deleted']);
      queryClient.removeQueries({ queryKey: taskQuery(id).queryKey });
      await reload();
    },
  });
  return { create, remove };
}

/** Opens a finished task's file as a link (a link cannot send the bearer header: it carries an export token). */
export async function downloadTask(id: number): Promise<void> {
  const { token } = await api(metaCalls.createEphemeralToken);
  const link = document.createElement('a');
  link.href = apiUrl(downloadCenterCalls.downloadTaskFile, {
    params: { id },
    query: { [EXPORT_TOKEN_PARAM]: token } as never,
  });
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
