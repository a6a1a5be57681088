import { useQuery } from '@tanstack/react-query';
import { CONSOLE_PREVIEW_PARAM, type LiveOps } from '@yanbo/contracts';
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { showError } from '../../app/http';
import { liveOpsTexts as t } from '../../locales/zh-CN/live-ops';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending, LivePlayer, streamForHost } from '../board';
import { ModerationChat } from '../comments';
import { LiveProductCard } from '../products';
import { liveOpsQuery } from './api/live-ops';
import { OnlineCurve } from './components/online-curve';
import { VirtualAudienceCard } from './components/virtual-audience-card';
import { formatBitrate, formatLatency } from './live-ops-rules';

/**
 * /board/:id/live-ops: one page to run the event from (issue 10) — the player, the moderated chat, online now and its
 * curve with real and virtual viewers apart, the stream's health, and the virtual audience's settings.
 */
export function LiveOpsPage() {
  const { id } = useParams();
  return <LiveOpsScreen key={id} activityId={Number(id)} />;
}

function LiveOpsScreen({ activityId }: { activityId: number }) {
  const activity = useQuery(activityQuery(activityId));
  const ops = useQuery(liveOpsQuery(activityId));
  const [tab, setTab] = useState<'all' | 'pending' | 'passed' | 'failed'>('all');

  useEffect(() => {
    if (activity.error) void showError(activity.error);
  }, [activity.error]);

  if (!activity.data) return <ActivitySubpagePending name="live-ops" activityId={activityId} query={activity} />;
  const stream = streamForHost(activity.data.stream, window.location);
  const isPushing = ops.data?.isPushing ?? activity.data.isPushing;

  return (
    <>
      <ActivitySubpageHeader
        name="live-ops"
        activityId={activityId}
        activityName={activity.data.name}
        extra={
          <Tag color={isPushing ? 'processing' : 'default'} data-testid="live-ops-pushing">
            {isPushing ? t['liveOps.pushing'] : t['liveOps.idle']}
          </Tag>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <Card title={t['liveOps.player.title']} size="small">
              <LivePlayer
                isPushing={isPushing}
                flvUrl={`${stream.pullSource.flv}?${CONSOLE_PREVIEW_PARAM}=1`}
                hlsUrl={`${stream.pullSource.hls}?${CONSOLE_PREVIEW_PARAM}=1`}
              />
            </Card>
            <OnlineCard ops={ops.data} />
            <HealthCard ops={ops.data} />
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <VirtualAudienceCard activityId={activityId} />
            <LiveProductCard activityId={activityId} />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t['liveOps.chat.title']}
            </Typography.Title>
            <ModerationChat activityId={activityId} tab={tab} onTab={setTab} compact />
          </Flex>
        </Col>
      </Row>
    </>
  );
}

function OnlineCard({ ops }: { ops: LiveOps | undefined }) {
  const online = ops?.online ?? { real: 0, virtual: 0, shown: 0 };
  return (
    <Card title={t['liveOps.online.title']} size="small">
      <Row gutter={16} style={{ marginBottom: 8 }}>
        <Col span={8}>
          <Statistic title={t['liveOps.online.real']} value={online.real} data-testid="online-real" />
        </Col>
        <Col span={8}>
          <Statistic
            title={t['liveOps.online.virtual']}
            value={online.virtual}
            valueStyle={{ color: '#d48806' }}
            data-testid="online-virtual"
          />
        </Col>
        <Col span={8}>
          <Statistic title={t['liveOps.online.shown']} value={online.shown} data-testid="online-shown" />
        </Col>
      </Row>
      <Typography.Text strong>{t['liveOps.curve.title']}</Typography.Text>
      <OnlineCurve curve={ops?.curve ?? []} />
    </Card>
  );
}

function HealthCard({ ops }: { ops: LiveOps | undefined }) {
  const health = ops?.health;
  const measured = health?.measuredAt !== null && health?.measuredAt !== undefined;
  return (
    <Card title={t['liveOps.health.title']} size="small" data-testid="stream-health">
      <Row gutter={16}>
        <Col span={6}>
          <Statistic
            title={t['liveOps.health.bitrate']}
            value={formatBitrate(health?.bitrateKbps ?? null)}
            data-testid="health-bitrate"
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t['liveOps.health.fps']}
            value={health?.fps ?? t['liveOps.health.none']}
            data-testid="health-fps"
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t['liveOps.health.dropped']}
            value={health?.droppedFrames ?? t['liveOps.health.none']}
            data-testid="health-dropped"
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t['liveOps.health.latency']}
            value={formatLatency(health?.viewerLatencyMs ?? null)}
            data-testid="health-latency"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t['liveOps.health.latencyReports'](health?.latencyReports ?? 0)}
          </Typography.Text>
        </Col>
      </Row>
      {!measured && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t['liveOps.health.idle']}
        </Typography.Text>
      )}
    </Card>
  );
}
