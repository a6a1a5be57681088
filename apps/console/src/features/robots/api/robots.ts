import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ROBOT_PAGE_SIZE, type RobotProfile, type RobotTemplateKey, robotCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { robotTexts as t } from '../../../locales/zh-CN/robots';

// /v3/robot, /v3/robot-template, /v3/robot-avatar, /v3/robot/random (seed 000 §7).

export const robotListsKey = ['robots'] as const;

export const robotListQuery = (page: number, nickname: string) =>
  queryOptions({
    queryKey: [...robotListsKey, 'list', page, nickname] as const,
    queryFn: ({ signal }) =>
      api(robotCalls.listRobots, { query: { page, pageSize: ROBOT_PAGE_SIZE, nickname }, signal }),
    placeholderData: keepPreviousData,
  });

export const robotTemplatesQuery = queryOptions({
  queryKey: ['robot-templates'] as const,
  queryFn: ({ signal }) => api(robotCalls.listRobotTemplates, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const robotAvatarsQuery = queryOptions({
  queryKey: ['robot-avatars'] as const,
  queryFn: ({ signal }) => api(robotCalls.listRobotAvatars, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** A fresh draw each time `draw` changes: random robots are not kept until they are added. */
export const randomRobotsQuery = (template: RobotTemplateKey, count: number, draw: number) =>
  queryOptions({
    queryKey: ['robot-random', template, count, draw] as const,
    queryFn: ({ signal }) => api(robotCalls.randomRobots, { query: { template, count }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export function useRobotMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: robotListsKey });
  const add = useMutation({
    mutationFn: (robots: RobotProfile[]) => api(robotCalls.createRobots, { body: { robots } }),
    onSuccess: async (created) => {
      toastSuccess(t['robots.toast.added'](created.items.length));
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => api(robotCalls.deleteRobots, { body: { ids } }),
    onSuccess: async () => {
      toastSuccess(t['robots.toast.deleted']);
      await reload();
    },
  });
  return { add, remove };
}
