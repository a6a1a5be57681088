import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Row, Statistic, Typography } from 'antd';
import { boardTexts as t } from '../../../locales/zh-CN/board';
import { activityUsageQuery } from '../../activities';
import { durationParts, formatBytes } from '../board-rules';

function formatDuration(seconds: number): string {
  const { hours, minutes, seconds: rest } = durationParts(seconds);
  const parts = [
    hours ? t['board.duration.hours'](hours) : '',
    minutes ? t['board.duration.minutes'](minutes) : '',
    rest ? t['board.duration.seconds'](rest) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : t['board.duration.zero'];
}

/** The board's usage card: online viewers live (console events), and what the activity used so far. */
export function UsageCard({ activityId, isPushing }: { activityId: number; isPushing: boolean }) {
  // While a push goes on its duration grows: ask again now and then (online counts come as events).
  const usage = useQuery({ ...activityUsageQuery(activityId), refetchInterval: isPushing ? 15_000 : false });
  const data = usage.data;
  const sub = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Card
      size="small"
      title={t['board.usage.title']}
      extra={sub(usage.isError ? t['board.usage.loadFailed'] : t['board.usage.hint'])}
      style={{ marginBottom: 16 }}
      loading={usage.isLoading}
    >
      {data && (
        <Row gutter={[16, 12]}>
          <Col xs={12} md={8} xl={4}>
            <Statistic
              title={<Badge status={data.online > 0 ? 'processing' : 'default'} text={t['board.usage.online']} />}
              value={data.online}
              suffix={t['board.usage.people']}
              valueStyle={{ color: '#1677ff' }}
              data-testid="usage-online"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t['board.usage.peak']} value={data.viewersPeak} suffix={t['board.usage.people']} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title={t['board.usage.pushDuration']} value={formatDuration(data.push.seconds)} />
            {/* Each kind of stream job says what it was: a live transcode is not 拉流转推 (issue 8). */}
            <div data-testid="usage-jobs">
              {sub(t['board.usage.pushSessions'](data.push.sessions))}
              {data.relay.jobs > 0 && (
                <div>{sub(t['board.usage.relay'](data.relay.jobs, formatDuration(data.relay.seconds)))}</div>
              )}
              {data.transcode.jobs > 0 && (
                <div>
                  {sub(t['board.usage.transcode'](data.transcode.jobs, formatDuration(data.transcode.seconds)))}
                </div>
              )}
            </div>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t['board.usage.playback']} value={formatBytes(data.playbackBytes)} />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t['board.usage.storage']} value={formatBytes(data.storage.bytes)} />
            {sub(t['board.usage.mediaCount'](data.storage.mediaCount))}
          </Col>
          <Col xs={12} md={8} xl={3}>
            <Statistic title={t['board.usage.meetings']} value={data.meetings} suffix={t['board.usage.times']} />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic
              title={t['board.usage.visits']}
              value={data.visits}
              suffix={t['board.usage.times']}
              data-testid="usage-visits"
            />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic
              title={t['board.usage.uniqueViewers']}
              value={data.uniqueViewers}
              suffix={t['board.usage.people']}
              data-testid="usage-unique-viewers"
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
