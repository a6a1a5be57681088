import type { OnlineSample } from '@yanbo/contracts';
import { Empty } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { liveOpsTexts as t } from '../../../locales/zh-CN/live-ops';
import { curveSeries } from '../live-ops-rules';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The online curve: real and virtual viewers apart, stacked, so their sum is what the viewers were shown. */
export function OnlineCurve({ curve }: { curve: OnlineSample[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const option = useMemo(() => {
    const series = curveSeries(curve);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t['liveOps.online.real'], t['liveOps.online.virtual']] },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t['liveOps.online.real'],
          type: 'line',
          stack: 'online',
          areaStyle: { opacity: 0.3 },
          showSymbol: false,
          color: '#1677ff',
          data: series.real,
        },
        {
          name: t['liveOps.online.virtual'],
          type: 'line',
          stack: 'online',
          areaStyle: { opacity: 0.2 },
          showSymbol: false,
          color: '#faad14',
          data: series.virtual,
        },
      ],
    };
  }, [curve]);
  const empty = curve.length === 0;

  useEffect(() => {
    const element = box.current;
    if (!element || empty) return;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  if (empty) return <Empty description={t['liveOps.curve.empty']} data-testid="online-curve-empty" />;
  return <div ref={box} style={{ width: '100%', height: 260 }} data-testid="online-curve" data-points={curve.length} />;
}
