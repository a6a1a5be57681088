import { useQuery } from '@tanstack/react-query';
import { INTERACTION_FIGURES, type StatsRange } from '@yanbo/contracts';
import { Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { interactionFigureTexts, statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { statsInteractiveQuery } from '../api/stats-audience-queries';
import { dayLines } from './day-lines';
import { EChart } from './echart';

/**
 * 互动: comments, ballots, gifts, questions and check-ins over the range (seed 001 §7 "Interaction stats ask for
 * comment, avote, gift, qa"), in all and per day; the robots' comments apart from the real audience's.
 */
export function StatsInteraction({ activityId, range }: { activityId: number; range: StatsRange }) {
  const interactive = useQuery(statsInteractiveQuery(activityId, range));
  const data = interactive.data;
  const failed = interactive.isError && !data;
  const option = useMemo(
    () =>
      dayLines(
        range,
        data?.days ?? [],
        INTERACTION_FIGURES.map((figure) => ({
          name: interactionFigureTexts[figure],
          value: (day) => day[figure],
          dashed: figure === 'robotComment',
        })),
      ),
    [data, range],
  );
  return (
    <div data-testid="stats-interaction">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {INTERACTION_FIGURES.map((figure) => (
          <Col key={figure} xs={12} md={8} xl={4}>
            <Card size="small" loading={interactive.isLoading} style={{ height: '100%' }}>
              <Statistic
                title={
                  figure === 'robotComment' ? (
                    <>
                      {interactionFigureTexts[figure]} <Tag color="default">{t['statsAudience.virtual']}</Tag>
                    </>
                  ) : (
                    interactionFigureTexts[figure]
                  )
                }
                value={failed ? '-' : (data?.totals[figure] ?? 0)}
                data-testid={`stats-interaction-${figure}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={t['statsAudience.interaction.trend']}
        extra={<Tag>{t['statsAudience.perDay']}</Tag>}
        loading={interactive.isLoading}
      >
        {failed || !data?.days.length ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={failed ? t['statsAudience.loadFailed'] : t['statsAudience.noData']}
            style={{ padding: 40 }}
          />
        ) : (
          <EChart option={option} height={300} testId="stats-interaction-chart" />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t['statsAudience.interaction.realHint']}
        </Typography.Text>
      </Card>
    </div>
  );
}
