import { queryOptions } from '@tanstack/react-query';
import { type ActivitySubagentOption, activityCalls } from '@yanbo/contracts';
import { api } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { ALL_SUBAGENTS } from '../activity-list-rules';

/** The sub-accounts the list can filter by, headed by the synthetic 所属子账号 (-1, all) entry (seed 001 §3). */
export const activitySubagentsQuery = () =>
  queryOptions({
    queryKey: ['activity-subagents'],
    queryFn: ({ signal }) => api(activityCalls.listActivitySubagents, { signal }),
    select: (list): ActivitySubagentOption[] => [
      { id: ALL_SUBAGENTS, remark: t['activities.subagent.all'] },
      ...list.items,
    ],
  });
