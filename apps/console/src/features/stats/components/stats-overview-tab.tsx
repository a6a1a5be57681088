import type { StatsRange } from '@yanbo/contracts';
import { StatsKpis } from './stats-kpis';
import { StatsTimeline } from './stats-timeline';

/** The 概览 tab: the range's KPIs and the PV/UV timeline. */
export function StatsOverviewTab({ activityId, range }: { activityId: number; range: StatsRange }) {
  return (
    <>
      <StatsKpis activityId={activityId} range={range} />
      <StatsTimeline activityId={activityId} range={range} />
    </>
  );
}
