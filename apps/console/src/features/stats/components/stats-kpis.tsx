import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsOverviewQuery } from '../api/stats-queries';
import { formatDuration } from '../stats-rules';

/** The overview's KPI cards: PV, UV, watch time per viewer and in all, and the peak online during the range. */
export function StatsKpis({ activityId, range }: { activityId: number; range: StatsRange }) {
  const overview = useQuery(statsOverviewQuery(activityId, range));
  const data = overview.data;
  const failed = overview.isError && !data;
  const value = (text: string | number | undefined) => (failed ? '-' : (text ?? 0));
  const kpis = [
    {
      key: 'pv',
      title: t['stats.kpi.pv'],
      value: value(data?.pv),
      suffix: t['stats.unit.times'],
      note: data ? t['stats.kpi.today'](data.todayPv, data.todayUv) : '',
    },
    { key: 'uv', title: t['stats.kpi.uv'], value: value(data?.uv), suffix: t['stats.unit.people'], note: '' },
    {
      key: 'avg-watch',
      title: t['stats.kpi.avgWatchTime'],
      value: value(data ? formatDuration(data.avgWatchTime) : undefined),
      note: '',
    },
    {
      key: 'total-watch',
      title: t['stats.kpi.totalWatchTime'],
      value: value(data ? formatDuration(data.totalWatchTime) : undefined),
      note: '',
    },
    {
      key: 'peak',
      title: <Tooltip title={t['stats.kpi.peakHint']}>{t['stats.kpi.peakOnline']}</Tooltip>,
      value: value(data ? (data.peakOnline ?? '-') : undefined),
      suffix: data?.peakOnline != null ? t['stats.unit.people'] : undefined,
      note: data && data.peakOnline === null ? t['stats.kpi.noPeak'] : '',
    },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {kpis.map((kpi) => (
        <Col key={kpi.key} xs={12} md={8} xl={kpi.key === 'peak' ? 4 : 5}>
          <Card size="small" loading={overview.isLoading} style={{ height: '100%' }}>
            <Statistic
              title={kpi.title}
              value={kpi.value}
              suffix={kpi.suffix}
              styles={{ content: { color: kpi.key === 'pv' || kpi.key === 'uv' ? '#1677ff' : undefined } }}
              data-testid={`stats-kpi-${kpi.key}`}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {failed ? t['stats.loadFailed'] : kpi.note || '\u00a0'}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
