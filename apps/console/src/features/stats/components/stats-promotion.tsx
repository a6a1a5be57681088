import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { TopPromotionRank, topPromotionQuery } from '../../invitations';
import { EChart, type EChartOption } from './echart';

/** 推广排行: the ditches that brought the most visits, ranked, and their shares as a ring. */
export function StatsPromotion({ activityId }: { activityId: number; range: StatsRange }) {
  const promotion = useQuery(topPromotionQuery(activityId));
  const items = promotion.data?.items ?? [];
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['36%', '66%'],
          center: ['50%', '45%'],
          label: { formatter: '{b}\n{d}%' },
          data: items.map((item) => ({ name: item.name, value: item.visits })),
        },
      ],
    }),
    [items],
  );
  return (
    <Row gutter={[16, 16]} data-testid="stats-promotion">
      <Col xs={24} xl={14}>
        <TopPromotionRank activityId={activityId} />
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" loading={promotion.isLoading}>
          {items.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={promotion.isError ? t['statsAudience.loadFailed'] : t['statsAudience.noData']}
              style={{ height: 260, paddingTop: 60 }}
            />
          ) : (
            <EChart option={option} height={300} testId="stats-promotion-chart" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
