import type { StatsRange } from '@yanbo/contracts';
import { StatsKpis } from './stats-kpis';
import { StatsOnline } from './stats-online';
import { StatsTimeline } from './stats-timeline';

/** The 概览 tab: the range's KPIs, the PV/UV timeline and the concurrent viewers of its pushes. */
export function StatsOverviewTab({ activityId, range }: { activityId: number; range: StatsRange }) {
  return (
    <>
      <StatsKpis activityId={activityId} range={range} />
      <StatsTimeline activityId={activityId} range={range} />
      <StatsOnline activityId={activityId} range={range} />
    </>
  );
}
