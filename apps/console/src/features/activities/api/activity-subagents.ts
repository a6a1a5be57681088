import { queryOptions } from '@tanstack/react-query';
import type { activitySubagentList } from '@yanbo/contracts';
import type { z } from 'zod';
import { http } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { ALL_SUBAGENTS } from '../activity-list-rules';

export type ActivitySubagentOption = z.infer<typeof activitySubagentList>['items'][number];

/** The sub-accounts the list can filter by, headed by the synthetic 所属子账号 (-1, all) entry (seed 001 §3). */
export const activitySubagentsQuery = () =>
  queryOptions({
    queryKey: ['activity-subagents'],
    queryFn: ({ signal }) =>
      http.get<z.infer<typeof activitySubagentList>>('/activity/subagent', undefined, { signal }),
    select: (list): ActivitySubagentOption[] => [
      { id: ALL_SUBAGENTS, remark: t['activities.subagent.all'] },
      ...list.items,
    ],
  });
