import type { StatsRange } from '@yanbo/contracts';
import { DataStatsTabs } from '../../exports';

/** 数据统计 (tab key `data`): the data-statistics tabs and the data export panel, over the screen's date range. */
export function StatsDataTab({ activityId, range }: { activityId: number; range: StatsRange }) {
  return <DataStatsTabs activityId={activityId} range={range} />;
}
