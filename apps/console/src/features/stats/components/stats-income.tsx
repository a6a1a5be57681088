import { useQuery } from '@tanstack/react-query';
import { fenToYuan, type StatsRange } from '@yanbo/contracts';
import { Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { statsRevenueQuery } from '../api/stats-audience-queries';
import { dayLines } from './day-lines';
import { EChart } from './echart';

/** 收入: gift rewards and paid viewing over the range, with the red packets viewers grabbed beside them, per day too. */
export function StatsIncome({ activityId, range }: { activityId: number; range: StatsRange }) {
  const revenue = useQuery(statsRevenueQuery(activityId, range));
  const data = revenue.data;
  const failed = revenue.isError && !data;
  const option = useMemo(
    () =>
      dayLines(
        range,
        (data?.days ?? []).map((day) => ({
          ...day,
          giftReward: day.giftReward / 100,
          perView: day.perView / 100,
          income: day.income / 100,
          redPacket: day.redPacket / 100,
        })),
        [
          { name: t['statsAudience.income.total'], value: (day) => day.income },
          { name: t['statsAudience.income.giftReward'], value: (day) => day.giftReward },
          { name: t['statsAudience.income.perView'], value: (day) => day.perView },
          { name: t['statsAudience.income.redPacket'], value: (day) => day.redPacket, dashed: true },
        ],
        (value) => `¥${value.toFixed(2)}`,
      ),
    [data, range],
  );
  const totals = data?.totals;
  const kpis = [
    { key: 'income', title: t['statsAudience.income.total'], fen: totals?.income, note: '' },
    {
      key: 'gift-reward',
      title: t['statsAudience.income.giftReward'],
      fen: totals?.giftReward,
      note: totals ? t['statsAudience.income.paidGifts'](totals.paidGifts) : '',
    },
    { key: 'per-view', title: t['statsAudience.income.perView'], fen: totals?.perView, note: '' },
    {
      key: 'red-packet',
      title: t['statsAudience.income.redPacket'],
      fen: totals?.redPacket,
      note: totals ? t['statsAudience.income.grabs'](totals.redPacketGrabs) : '',
    },
  ];
  return (
    <div data-testid="stats-income">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {kpis.map((kpi) => (
          <Col key={kpi.key} xs={12} xl={6}>
            <Card size="small" loading={revenue.isLoading} style={{ height: '100%' }}>
              <Statistic
                title={kpi.title}
                value={failed ? '-' : fenToYuan(kpi.fen ?? 0)}
                suffix={failed ? undefined : t['statsAudience.income.yuan']}
                styles={{ content: { color: kpi.key === 'income' ? '#cf1322' : undefined } }}
                data-testid={`stats-income-${kpi.key}`}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {failed ? t['statsAudience.loadFailed'] : kpi.note || '\u00a0'}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={t['statsAudience.income.trend']}
        extra={<Tag>{t['statsAudience.perDay']}</Tag>}
        loading={revenue.isLoading}
      >
        {failed || !data?.days.length ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={failed ? t['statsAudience.loadFailed'] : t['statsAudience.noData']}
            style={{ padding: 40 }}
          />
        ) : (
          <EChart option={option} height={300} testId="stats-income-chart" />
        )}
      </Card>
    </div>
  );
}
