import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Empty, Flex, Tag } from 'antd';
import { MarkPointComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsOnlineQuery } from '../api/stats-queries';
import { EChart, type EChartOption } from './echart';

echarts.use([MarkPointComponent]);

/** An instant as Beijing time, MM-DD HH:mm (the statistics count in Beijing time wherever the console is opened). */
export function beijingMinute(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');
}

/**
 * The concurrent viewers across the range's pushes (issue 11): real viewers and the virtual audience as two lines,
 * each peak marked with when it was. The steps with no sample (between pushes) are left out.
 */
export function StatsOnline({ activityId, range }: { activityId: number; range: StatsRange }) {
  const online = useQuery(statsOnlineQuery(activityId, range));
  const data = online.data;
  const option = useMemo<EChartOption>(() => {
    const points = data?.points ?? [];
    // A short curve (a push of a few minutes) shows its points.
    const showSymbol = points.length <= 30;
    const labels = points.map((point) => beijingMinute(point.time));
    // A peak sits in the step its sample fell in.
    const stepOf = (at: string) => {
      const time = Date.parse(at);
      let index = 0;
      for (const [i, point] of points.entries()) if (Date.parse(point.time) <= time) index = i;
      return labels[index];
    };
    const mark = (peak: { viewers: number; at: string } | null | undefined, color: string) =>
      peak
        ? {
            symbolSize: 44,
            itemStyle: { color },
            data: [{ coord: [stepOf(peak.at), peak.viewers], value: peak.viewers }],
          }
        : undefined;
    return {
      color: ['#1677ff', '#faad14'],
      tooltip: { trigger: 'axis' },
      legend: { data: [t['stats.online.real'], t['stats.online.virtual']], top: 0 },
      grid: { left: 48, right: 24, top: 72, bottom: 32 },
      xAxis: { type: 'category', boundaryGap: false, data: labels },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t['stats.online.real'],
          type: 'line',
          showSymbol,
          areaStyle: { opacity: 0.12 },
          data: points.map((point) => point.real),
          markPoint: mark(data?.peakReal, '#1677ff'),
        },
        {
          name: t['stats.online.virtual'],
          type: 'line',
          showSymbol,
          lineStyle: { type: 'dashed' },
          data: points.map((point) => point.virtual),
          markPoint: mark(data?.peakVirtual, '#faad14'),
        },
      ],
    };
  }, [data]);
  const peaks = data && (
    <Flex gap={4} wrap>
      {data.points.length > 0 && <Tag>{t['stats.online.step'](data.stepMinutes)}</Tag>}
      {data.peakReal && (
        <Tag color="blue" data-testid="stats-online-peak-real">
          {t['stats.online.peak'](t['stats.online.real'], data.peakReal.viewers, beijingMinute(data.peakReal.at))}
        </Tag>
      )}
      {data.peakVirtual && data.peakVirtual.viewers > 0 && (
        <Tag color="gold" data-testid="stats-online-peak-virtual">
          {t['stats.online.peak'](
            t['stats.online.virtual'],
            data.peakVirtual.viewers,
            beijingMinute(data.peakVirtual.at),
          )}
        </Tag>
      )}
    </Flex>
  );
  return (
    <Card
      size="small"
      title={t['stats.online.title']}
      extra={peaks}
      loading={online.isLoading}
      style={{ marginBottom: 16 }}
    >
      {online.isError && !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['stats.loadFailed']} />
      ) : data && data.points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['stats.online.empty']} />
      ) : (
        <EChart option={option} height={300} testId="stats-online-chart" />
      )}
    </Card>
  );
}
