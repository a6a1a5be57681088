import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { rangeDays, STATS_MAX_RANGE_DAYS, type StatsRange, statsRange, statsToday } from '@yanbo/contracts';
import { Button, Card, Col, DatePicker, Flex, Result, Row, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ApiError } from '../../app/http';
import { errorTexts } from '../../locales/zh-CN/errors';
import { statsTexts as t } from '../../locales/zh-CN/stats';
import { activityQuery } from '../activities';
import { TopGiftRank } from '../gifts';
import { InvitationStats } from '../invitations';
import { StatsDevices } from './components/stats-devices';
import { StatsKpis } from './components/stats-kpis';
import { StatsReferrers } from './components/stats-referrers';
import { StatsTimeline } from './components/stats-timeline';
import { StatsUserVisits } from './components/stats-user-visits';

const DAY = 'YYYY-MM-DD';

/** /stats/:id, an activity's statistics overview: KPIs, the PV/UV timeline, referrers, devices and the visits. */
export function StatsPage() {
  const { id } = useParams();
  return <Stats key={id} activityId={Number(id)} />;
}

function Stats({ activityId }: { activityId: number }) {
  const navigate = useNavigate();
  const validId = Number.isInteger(activityId) && activityId > 0;
  const activity = useQuery({ ...activityQuery(activityId), enabled: validId });
  // Seed 001 §7: the date filter defaults to the last 89 days up to today.
  const [range, setRange] = useState<StatsRange>(() => statsRange({}));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/board/${activityId}`)} data-testid="stats-back">
      {t['stats.back']}
    </Button>
  );

  if (!activity.data) {
    const notFound = !validId || (activity.error instanceof ApiError && activity.error.status === 404);
    return (
      <>
        <PageHeader name="stats" extra={back} />
        <Card>
          {notFound ? (
            <Result status="404" title={errorTexts.activityNotFound} />
          ) : activity.isError ? (
            <Result status="error" title={t['stats.loadFailed']} />
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Card>
      </>
    );
  }

  const today = dayjs(statsToday());
  // A range is at most 366 days, and never ends after today.
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(today, 'day') ||
    (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= STATS_MAX_RANGE_DAYS);

  return (
    <>
      <PageHeader name="stats" extra={back} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }} ellipsis data-testid="stats-activity-name">
              {activity.data.name}
            </Typography.Title>
            <Typography.Text type="secondary">{t['stats.activityId'](activityId)}</Typography.Text>
          </Flex>
          <Flex align="center" gap={8} wrap>
            <Typography.Text>{t['stats.range']}</Typography.Text>
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(range.startTime), dayjs(range.endTime)]}
              disabledDate={disabledDate}
              onChange={(value) => {
                const [start, end] = value ?? [];
                if (start && end) setRange({ startTime: start.format(DAY), endTime: end.format(DAY) });
              }}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['stats.rangeHint'](rangeDays(range.startTime, range.endTime))}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <StatsKpis activityId={activityId} range={range} />
      <StatsTimeline activityId={activityId} range={range} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={12}>
          <StatsReferrers activityId={activityId} range={range} />
        </Col>
        <Col xs={24} xl={12}>
          <StatsDevices activityId={activityId} range={range} />
        </Col>
      </Row>
      <InvitationStats activityId={activityId} />
      <StatsUserVisits key={`${range.startTime}:${range.endTime}`} activityId={activityId} range={range} />
      {/* The rank tab: top gift here, top share beside it. */}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="stats-ranks">
        <Col xs={24} xl={12}>
          <TopGiftRank activityId={activityId} />
        </Col>
      </Row>
    </>
  );
}
