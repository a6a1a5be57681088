import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { rangeDays, STATS_MAX_RANGE_DAYS, type StatsRange, statsRange, statsToday } from '@yanbo/contracts';
import { Button, Card, DatePicker, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ApiError } from '../../app/http';
import { errorTexts } from '../../locales/zh-CN/errors';
import { statsTexts as t } from '../../locales/zh-CN/stats';
import { activityQuery } from '../activities';
import { ReportButton } from '../download-center';
import { StatsDataTab } from './components/stats-data-tab';
import { StatsDevices } from './components/stats-devices';
import { StatsGifts } from './components/stats-gifts';
import { StatsIncome } from './components/stats-income';
import { StatsInteraction } from './components/stats-interaction';
import { StatsOverviewTab } from './components/stats-overview-tab';
import { StatsPercentage } from './components/stats-percentage';
import { StatsPromotion } from './components/stats-promotion';
import { StatsReferrers } from './components/stats-referrers';
import { StatsRegionTab } from './components/stats-region-tab';
import { StatsTalent } from './components/stats-talent';
import { StatsUserVisits } from './components/stats-user-visits';

const DAY = 'YYYY-MM-DD';

interface StatsTabProps {
  activityId: number;
  range: StatsRange;
}

/**
 * The statistics pages (seed 001 §2: overall, referrer, device, timeline, region, talent, top promotion, percentage,
 * gifts, interaction, income; and the data-statistics tabs), one tab each, all over the one date range. A tab's key
 * is kept in the URL (`?tab=`), so a link or a reload opens the same page.
 */
const STATS_TABS: { key: string; label: string; Tab: ComponentType<StatsTabProps> }[] = [
  { key: 'overall', label: t['stats.tab.overall'], Tab: StatsOverviewTab },
  { key: 'referrer', label: t['stats.tab.referrer'], Tab: StatsReferrers },
  { key: 'device', label: t['stats.tab.device'], Tab: StatsDevices },
  { key: 'region', label: t['stats.tab.region'], Tab: StatsRegionTab },
  {
    key: 'visits',
    label: t['stats.tab.visits'],
    // A new range starts the visits again from their first page.
    Tab: ({ activityId, range }) => (
      <StatsUserVisits key={`${range.startTime}:${range.endTime}`} activityId={activityId} range={range} />
    ),
  },
  { key: 'talent', label: t['stats.tab.talent'], Tab: StatsTalent },
  { key: 'promotion', label: t['stats.tab.promotion'], Tab: StatsPromotion },
  { key: 'percentage', label: t['stats.tab.percentage'], Tab: StatsPercentage },
  { key: 'gifts', label: t['stats.tab.gifts'], Tab: StatsGifts },
  { key: 'interaction', label: t['stats.tab.interaction'], Tab: StatsInteraction },
  { key: 'income', label: t['stats.tab.income'], Tab: StatsIncome },
  { key: 'data', label: t['stats.tab.data'], Tab: StatsDataTab },
];

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
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = STATS_TABS.find((entry) => entry.key === searchParams.get('tab'))?.key ?? STATS_TABS[0]?.key;

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
            <ReportButton activityId={activityId} range={range} />
          </Flex>
        </Flex>
      </Card>
      <Tabs
        data-testid="stats-tabs"
        activeKey={tab}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={STATS_TABS.map(({ key, label, Tab }) => ({
          key,
          label,
          children: <Tab activityId={activityId} range={range} />,
        }))}
      />
    </>
  );
}
