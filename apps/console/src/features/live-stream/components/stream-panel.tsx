import { useQuery } from '@tanstack/react-query';
import { type ActivityDetail, type IngestEntry, liveModeBody, type StreamJob } from '@yanbo/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Popconfirm,
  Radio,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { toastSuccess } from '../../../app/feedback';
import { streamJobFailureTexts, liveStreamTexts as t } from '../../../locales/zh-CN/live-stream';
import { formatBytes } from '../../media';
import {
  ingestQuery,
  liveTranscodeQuery,
  streamJobsQuery,
  useSetLiveMode,
  useSetLiveTranscode,
  useStopStreamJob,
} from '../api/live-stream';
import { type IngestSample, ingestBitrates, type TranscodeState, transcodeState } from '../live-stream-rules';

const TIME = 'YYYY-MM-DD HH:mm:ss';
/** A job's failure in Chinese; a live transcode's own report (from this server) is shown as it is. */
const jobErrorText = (error: string) => streamJobFailureTexts[error] ?? error;
const RELAY_URL = /^(rtmps?|https?|srt):\/\/\S+$/;

/** How the activity goes live: mode and source, transcoding, relay jobs and the pushes the media server receives. */
export function StreamPanel({ activity }: { activity: ActivityDetail }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <LiveModeCard activity={activity} />
      </Col>
      <Col xs={24} xl={10}>
        <TranscodeCard activityId={activity.id} />
      </Col>
      <Col span={24}>
        <IngestCard activityId={activity.id} />
      </Col>
      <Col span={24}>
        <StreamJobsCard activityId={activity.id} />
      </Col>
    </Row>
  );
}

type ModeValues = { liveMode: 'pull' | 'relay'; relayUrl: string };

function LiveModeCard({ activity }: { activity: ActivityDetail }) {
  const [form] = Form.useForm<ModeValues>();
  const setMode = useSetLiveMode(activity.id);
  const mode = Form.useWatch('liveMode', form);
  useEffect(() => {
    form.setFieldsValue({ liveMode: activity.meta.liveMode, relayUrl: activity.meta.relayUrl });
  }, [activity.meta.liveMode, activity.meta.relayUrl, form]);

  const submit = (values: ModeValues) => {
    const body = liveModeBody.parse(
      values.liveMode === 'relay' ? { liveMode: 'relay', relayUrl: values.relayUrl.trim() } : { liveMode: 'pull' },
    );
    setMode.mutate(body, { onSuccess: () => toastSuccess(t['live.set']) });
  };

  return (
    <Card title={t['live.mode.title']} style={{ height: '100%' }}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="liveMode">
          <Radio.Group data-testid="live-mode">
            <Space orientation="vertical">
              <Radio value="pull">
                {t['live.mode.pull']} <Typography.Text type="secondary">{t['live.mode.pull.desc']}</Typography.Text>
              </Radio>
              <Radio value="relay">
                {t['live.mode.relay']} <Typography.Text type="secondary">{t['live.mode.relay.desc']}</Typography.Text>
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {mode === 'relay' && (
          <Form.Item
            label={t['live.mode.relayUrl']}
            name="relayUrl"
            rules={[
              { required: true, whitespace: true, message: t['live.mode.relayUrl.required'] },
              { pattern: RELAY_URL, message: t['live.mode.relayUrl.invalid'] },
            ]}
          >
            <Input placeholder="rtmp://example.com/live/stream" data-testid="relay-url" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={setMode.isPending}>
          {t['live.save']}
        </Button>
      </Form>
    </Card>
  );
}

function TranscodeCard({ activityId }: { activityId: number }) {
  const transcode = useQuery(liveTranscodeQuery(activityId));
  const jobs = useQuery(streamJobsQuery(activityId));
  const ingest = useQuery(ingestQuery(activityId));
  const set = useSetLiveTranscode(activityId);
  const enabled = transcode.data?.enabled ?? false;
  // An external media server transcodes by its own configuration; the server refuses to turn this on.
  const external = ingest.data?.mode === 'external' && !enabled;
  const state = transcodeState(
    enabled,
    ingest.data?.isPushing ?? false,
    jobs.data?.items.find((job) => job.kind === 'transcode'),
  );
  return (
    <Card title={t['live.transcode.title']} style={{ height: '100%' }} loading={transcode.isLoading}>
      <Space orientation="vertical" size={12}>
        <Space align="start">
          <Switch
            data-testid="live-transcode"
            checked={enabled}
            disabled={external}
            loading={set.isPending}
            onChange={(next) => set.mutate(next, { onSuccess: () => toastSuccess(t['live.set']) })}
          />
          <Typography.Text type="secondary">{t['live.transcode.desc']}</Typography.Text>
        </Space>
        <span data-testid="live-transcode-state">
          {external ? (
            <Typography.Text type="warning">{t['live.transcode.external']}</Typography.Text>
          ) : (
            <Badge status={TRANSCODE_BADGES[state.kind]} text={t[`live.transcode.${state.kind}`]} />
          )}
          {state.error && (
            <Typography.Paragraph
              type="danger"
              style={{ fontSize: 12, margin: '4px 0 0' }}
              ellipsis={{ rows: 2, tooltip: jobErrorText(state.error) }}
            >
              {jobErrorText(state.error)}
            </Typography.Paragraph>
          )}
        </span>
      </Space>
    </Card>
  );
}

const TRANSCODE_BADGES: Record<TranscodeState['kind'], 'processing' | 'default' | 'error' | 'warning'> = {
  running: 'processing',
  starting: 'warning',
  waiting: 'default',
  failed: 'error',
  off: 'default',
};

const JOB_COLORS: Record<StreamJob['status'], string> = { running: 'processing', stopped: 'default', failed: 'error' };

function StreamJobsCard({ activityId }: { activityId: number }) {
  const jobs = useQuery(streamJobsQuery(activityId));
  const stop = useStopStreamJob(activityId);
  return (
    <Card title={t['live.jobs.title']}>
      <Table<StreamJob>
        rowKey="id"
        data-testid="stream-jobs"
        size="small"
        tableLayout="fixed"
        loading={jobs.isLoading}
        dataSource={jobs.data?.items ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t['live.jobs.empty']} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          {
            key: 'kind',
            title: t['live.jobs.kind'],
            width: 110,
            render: (_, job) => (
              <Tag color={job.kind === 'transcode' ? 'blue' : 'geekblue'}>{t[`live.jobs.kind.${job.kind}`]}</Tag>
            ),
          },
          { key: 'source', title: t['live.jobs.source'], dataIndex: 'source', ellipsis: true },
          {
            key: 'status',
            title: t['live.jobs.status'],
            width: 220,
            render: (_, job) => (
              <Space orientation="vertical" size={0}>
                <Tag color={JOB_COLORS[job.status]}>{t[`live.jobs.status.${job.status}`]}</Tag>
                {job.error && (
                  <Typography.Paragraph
                    type="danger"
                    style={{ fontSize: 12, margin: 0, width: 196 }}
                    ellipsis={{ rows: 2, tooltip: jobErrorText(job.error) }}
                  >
                    {jobErrorText(job.error)}
                  </Typography.Paragraph>
                )}
              </Space>
            ),
          },
          {
            key: 'startedAt',
            title: t['live.jobs.startedAt'],
            width: 170,
            render: (_, job) => dayjs(job.startedAt).format(TIME),
          },
          {
            key: 'endedAt',
            title: t['live.jobs.endedAt'],
            width: 170,
            render: (_, job) => (job.endedAt ? dayjs(job.endedAt).format(TIME) : '-'),
          },
          {
            key: 'actions',
            title: '',
            width: 80,
            render: (_, job) =>
              job.status === 'running' && (
                <Popconfirm
                  title={t['live.jobs.stop.confirm']}
                  okText={t['live.jobs.stop']}
                  cancelText={t['live.cancel']}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => stop.mutate(job.id, { onSuccess: () => toastSuccess(t['live.set']) })}
                >
                  <Button type="link" danger size="small">
                    {t['live.jobs.stop']}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

function IngestCard({ activityId }: { activityId: number }) {
  const ingest = useQuery(ingestQuery(activityId));
  const sample = useRef<IngestSample | null>(null);
  const [kbps, setKbps] = useState<Map<number, number | null>>(new Map());
  const data = ingest.data;
  useEffect(() => {
    if (!data) return;
    const next = ingestBitrates(sample.current, data.items, ingest.dataUpdatedAt);
    sample.current = next.sample;
    setKbps(next.kbps);
  }, [data, ingest.dataUpdatedAt]);

  return (
    <Card
      title={t['live.ingest.title']}
      extra={
        data && (
          <Badge
            status={data.isPushing ? 'processing' : 'default'}
            text={data.isPushing ? t['live.ingest.pushing'] : t['live.ingest.idle']}
          />
        )
      }
    >
      {data?.mode === 'external' && (
        <Alert type="info" showIcon title={t['live.ingest.external']} style={{ marginBottom: 12 }} />
      )}
      <Table<IngestEntry>
        rowKey="publisherId"
        size="small"
        data-testid="ingest-table"
        loading={ingest.isLoading}
        dataSource={data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t['live.ingest.empty']} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { key: 'remote', title: t['live.ingest.remote'], dataIndex: 'remoteAddress' },
          {
            key: 'startedAt',
            title: t['live.ingest.startedAt'],
            render: (_, entry) => dayjs(entry.startedAt).format(TIME),
          },
          {
            key: 'bitrate',
            title: t['live.ingest.bitrate'],
            render: (_, entry) => {
              const rate = kbps.get(entry.publisherId);
              return rate == null ? '-' : `${rate} kbps`;
            },
          },
          { key: 'bytes', title: t['live.ingest.bytes'], render: (_, entry) => formatBytes(entry.bytesIn) },
          {
            key: 'resolution',
            title: t['live.ingest.resolution'],
            render: (_, entry) => (entry.width && entry.height ? `${entry.width}×${entry.height}` : '-'),
          },
          {
            key: 'frameRate',
            title: t['live.ingest.frameRate'],
            render: (_, entry) => (entry.frameRate ? `${Math.round(entry.frameRate)} fps` : '-'),
          },
          {
            key: 'tracks',
            title: t['live.ingest.tracks'],
            render: (_, entry) => (
              <Space size={4}>
                {entry.hasVideo && <Tag>{t['live.ingest.video']}</Tag>}
                {entry.hasAudio && <Tag>{t['live.ingest.audio']}</Tag>}
              </Space>
            ),
          },
          { key: 'viewers', title: t['live.ingest.viewers'], dataIndex: 'viewers' },
        ]}
      />
    </Card>
  );
}
