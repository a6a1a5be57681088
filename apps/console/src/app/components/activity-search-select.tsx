import { type ActivityListItem, activityCalls } from '@yanbo/contracts';
import { api } from '../http';
import { SearchSelect, type SearchSelectProps, type SearchSource } from './search-select';

/** The caller's activities to pick from, searched by name on the server (the first 100 that match). */
export const activitySource: SearchSource<ActivityListItem> = {
  key: ['activity-options'],
  search: (name, signal) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 100 }, signal }),
};

/** One or some of the caller's activities, searched by name as the agent types. */
export function ActivitySearchSelect<M extends boolean = false>(
  props: Omit<SearchSelectProps<ActivityListItem, M>, 'source'>,
) {
  return <SearchSelect source={activitySource} {...props} />;
}
