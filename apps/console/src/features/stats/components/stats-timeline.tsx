import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Empty, Tag } from 'antd';
import { useMemo } from 'react';
import { statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsTimelineQuery } from '../api/stats-queries';
import { EChart, type EChartOption } from './echart';

/** The PV and UV lines over the range, per hour for a day or two, per day otherwise. */
export function StatsTimeline({ activityId, range }: { activityId: number; range: StatsRange }) {
  const timeline = useQuery(statsTimelineQuery(activityId, range));
  const data = timeline.data;
  // Issue 11: a daily timeline starts on the first day with a visit, not 89 empty days before a spike at the right
  // edge; an hourly one keeps its whole day or two.
  const points = useMemo(() => {
    const all = data?.points ?? [];
    if (data?.interval !== 'day') return all;
    const first = all.findIndex((point) => point.pv > 0);
    return first < 0 ? [] : all.slice(first);
  }, [data]);
  const option = useMemo<EChartOption>(() => {
    // MM-DD per day, MM-DD HH:00 per hour; a short line shows its points.
    const showSymbol = points.length <= 31;
    return {
      color: ['#1677ff', '#52c41a'],
      tooltip: { trigger: 'axis' },
      legend: { data: [t['stats.timeline.pv'], t['stats.timeline.uv']], top: 0 },
      grid: { left: 40, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', boundaryGap: false, data: points.map((point) => point.time.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t['stats.timeline.pv'], type: 'line', smooth: true, showSymbol, data: points.map((p) => p.pv) },
        { name: t['stats.timeline.uv'], type: 'line', smooth: true, showSymbol, data: points.map((p) => p.uv) },
      ],
    };
  }, [points]);
  return (
    <Card
      size="small"
      title={t['stats.timeline.title']}
      extra={data && <Tag>{data.interval === 'hour' ? t['stats.timeline.perHour'] : t['stats.timeline.perDay']}</Tag>}
      loading={timeline.isLoading}
      style={{ marginBottom: 16 }}
    >
      {timeline.isError && !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['stats.loadFailed']} />
      ) : data && points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['stats.timeline.empty']} />
      ) : (
        <EChart option={option} height={300} testId="stats-timeline-chart" />
      )}
    </Card>
  );
}
