import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { statsPercentageQuery } from '../api/stats-audience-queries';
import { EChart, type EChartOption } from './echart';

const PIES = [
  {
    kind: 'checkin',
    title: t['statsAudience.percentage.checkin'],
    part: t['statsAudience.percentage.checkedIn'],
    rest: t['statsAudience.percentage.notCheckedIn'],
  },
  {
    kind: 'login',
    title: t['statsAudience.percentage.login'],
    part: t['statsAudience.percentage.loggedIn'],
    rest: t['statsAudience.percentage.anonymous'],
  },
] as const;

/** 占比: of the range's viewers, the share who checked in, and who signed in by SMS against anonymous ones. */
export function StatsPercentage({ activityId, range }: { activityId: number; range: StatsRange }) {
  return (
    <Row gutter={[16, 16]} data-testid="stats-percentage">
      {PIES.map((pie) => (
        <Col key={pie.kind} xs={24} xl={12}>
          <PercentagePie activityId={activityId} range={range} pie={pie} />
        </Col>
      ))}
    </Row>
  );
}

function PercentagePie({
  activityId,
  range,
  pie,
}: {
  activityId: number;
  range: StatsRange;
  pie: (typeof PIES)[number];
}) {
  const share = useQuery(statsPercentageQuery(activityId, range, pie.kind));
  const data = share.data;
  const option = useMemo<EChartOption>(
    () => ({
      color: ['#1677ff', '#d9d9d9'],
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0 },
      series: [
        {
          name: pie.title,
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: { formatter: '{b}\n{d}%' },
          data: [
            { name: pie.part, value: data?.count ?? 0 },
            { name: pie.rest, value: data?.others ?? 0 },
          ],
        },
      ],
    }),
    [data, pie],
  );
  const failed = share.isError && !data;
  return (
    <Card size="small" title={pie.title} loading={share.isLoading} data-testid={`stats-percentage-${pie.kind}`}>
      {failed || !data?.viewers ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={failed ? t['statsAudience.loadFailed'] : t['statsAudience.percentage.empty']}
          style={{ height: 260, paddingTop: 60 }}
        />
      ) : (
        <>
          <EChart option={option} height={260} testId={`stats-percentage-${pie.kind}-chart`} />
          <Typography.Paragraph
            style={{ textAlign: 'center', margin: 0 }}
            data-testid={`stats-percentage-${pie.kind}-summary`}
          >
            {t['statsAudience.percentage.summary'](data.count, data.viewers, data.percentage)}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
