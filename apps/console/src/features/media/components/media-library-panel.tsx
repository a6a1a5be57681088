import { CloudSyncOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MEDIA_PAGE_SIZE, type Media, type StorageUsage } from '@yanbo/contracts';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { feedback, toastSuccess } from '../../../app/feedback';
import { showError } from '../../../app/http';
import { mediaTexts as t } from '../../../locales/zh-CN/media';
import {
  MEDIA_TYPES,
  mediaDetailQuery,
  mediaLibraryQuery,
  storageUsageQuery,
  tooLargeLimit,
  useRetryTranscode,
  useSyncVideos,
  useUploadMedia,
} from '../api/media-library';
import { formatBytes, formatDuration, isTranscoding, storageShares } from '../media-rules';
import { MediaStatusTag } from './media-status-tag';

const TIME = 'YYYY-MM-DD HH:mm';
const KIND_COLORS = { uploads: '#69b1ff', activities: '#1677ff', media: '#003eb3' } as const;

/** The media library: storage usage, upload (transcoded by the server), video sync, detail and transcode retry. */
export function MediaLibraryPanel({ activityId }: { activityId: number }) {
  const [page, setPage] = useState(1);
  const [onlyActivity, setOnlyActivity] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const library = useQuery(mediaLibraryQuery(page, onlyActivity ? activityId : undefined));
  const upload = useUploadMedia(activityId);
  const retry = useRetryTranscode();
  const sync = useSyncVideos(activityId);
  const queryClient = useQueryClient();
  // A finished transcode adds its output to the storage used.
  const running = isTranscoding(library.data?.items ?? []);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: storageUsageQuery().queryKey });
    wasRunning.current = running;
  }, [running, queryClient]);

  const pick = (file: File) => {
    if (!MEDIA_TYPES.includes(file.type)) return void feedback().message.error(t['media.library.type']);
    upload.mutate(file, {
      onSuccess: () => {
        toastSuccess(t['media.library.uploaded']);
        setPage(1);
      },
      onError: (error) => {
        const limit = tooLargeLimit(error);
        if (limit) feedback().message.error(t['media.library.size'](Math.round(limit / 1024 / 1024)));
        else void showError(error);
      },
    });
  };

  return (
    <Flex vertical gap={16}>
      <StorageCard />
      <Card
        title={t['media.library.title']}
        extra={
          <Space wrap>
            <Space size={6}>
              <Switch
                size="small"
                checked={onlyActivity}
                onChange={(on) => {
                  setOnlyActivity(on);
                  setPage(1);
                }}
              />
              <Typography.Text>{t['media.library.onlyActivity']}</Typography.Text>
            </Space>
            <Tooltip title={t['media.refresh']}>
              <Button icon={<ReloadOutlined />} onClick={() => library.refetch()} aria-label={t['media.refresh']} />
            </Tooltip>
            <Button
              icon={<CloudSyncOutlined />}
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(undefined, {
                  onSuccess: (result) => toastSuccess(t['media.library.synced'](result.items.length)),
                })
              }
            >
              {t['media.library.sync']}
            </Button>
            <Upload
              accept={MEDIA_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                pick(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} data-testid="library-upload">
                {upload.isPending ? t['media.library.uploading'] : t['media.library.upload']}
              </Button>
            </Upload>
          </Space>
        }
      >
        <Table<Media>
          rowKey="id"
          size="middle"
          data-testid="library-table"
          loading={library.isLoading}
          dataSource={library.data?.items ?? []}
          locale={{ emptyText: <Empty description={t['media.library.empty']} /> }}
          pagination={{
            current: page,
            pageSize: MEDIA_PAGE_SIZE,
            total: library.data?.pager.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              key: 'name',
              title: t['media.library.name'],
              ellipsis: true,
              render: (_, media) => (
                <Typography.Link onClick={() => setDetailId(media.id)}>{media.name || `#${media.id}`}</Typography.Link>
              ),
            },
            {
              key: 'status',
              title: t['media.library.status'],
              width: 130,
              render: (_, media) => <MediaStatusTag status={media.status} error={media.error} />,
            },
            {
              key: 'duration',
              title: t['media.library.duration'],
              width: 90,
              render: (_, media) => formatDuration(media.durationSeconds),
            },
            {
              key: 'size',
              title: t['media.library.size.col'],
              width: 100,
              render: (_, media) => (media.sizeBytes ? formatBytes(media.sizeBytes) : '-'),
            },
            {
              key: 'createdAt',
              title: t['media.library.createdAt'],
              width: 150,
              render: (_, media) => dayjs(media.createdAt).format(TIME),
            },
            {
              key: 'actions',
              title: t['media.library.actions'],
              width: 170,
              render: (_, media) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setDetailId(media.id)}>
                    {t['media.library.detail']}
                  </Button>
                  {media.status === 'failed' && (
                    <Popconfirm
                      title={t['media.library.retry']}
                      okText={t['media.library.retry']}
                      cancelText={t['media.cancel']}
                      onConfirm={() =>
                        retry.mutate(media.id, { onSuccess: () => toastSuccess(t['media.library.retried']) })
                      }
                    >
                      <Button type="link" size="small">
                        {t['media.library.retry']}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <MediaDetail id={detailId} onClose={() => setDetailId(null)} />
    </Flex>
  );
}

function StorageCard() {
  const usage = useQuery(storageUsageQuery());
  return (
    <Card title={t['media.storage.title']} size="small" loading={usage.isLoading}>
      {usage.data && <StorageBar usage={usage.data} />}
    </Card>
  );
}

function StorageBar({ usage }: { usage: StorageUsage }) {
  const shares = storageShares(usage.byKind);
  const kinds = ['uploads', 'activities', 'media'] as const;
  return (
    <Flex vertical gap={8} data-testid="storage-usage">
      <Typography.Text>{t['media.storage.total'](formatBytes(usage.bytes), usage.files)}</Typography.Text>
      <div style={{ display: 'flex', height: 12, borderRadius: 6, overflow: 'hidden', background: '#f0f0f0' }}>
        {kinds.map((kind) => (
          <Tooltip key={kind} title={`${t[`media.storage.${kind}`]} ${formatBytes(usage.byKind[kind])}`}>
            <div style={{ width: `${shares[kind]}%`, background: KIND_COLORS[kind] }} />
          </Tooltip>
        ))}
      </div>
      <Space size={16} wrap>
        {kinds.map((kind) => (
          <Space key={kind} size={6}>
            <span
              style={{ width: 10, height: 10, borderRadius: 2, background: KIND_COLORS[kind], display: 'inline-block' }}
            />
            <Typography.Text type="secondary">
              {t[`media.storage.${kind}`]} {formatBytes(usage.byKind[kind])}
            </Typography.Text>
          </Space>
        ))}
      </Space>
    </Flex>
  );
}

function MediaDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ ...mediaDetailQuery(id ?? 0), enabled: id !== null });
  const media = detail.data;
  const retry = useRetryTranscode();
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={media?.name || t['media.library.detail']}
      size={520}
      extra={
        media?.status === 'failed' && (
          <Button
            loading={retry.isPending}
            onClick={() => retry.mutate(media.id, { onSuccess: () => toastSuccess(t['media.library.retried']) })}
          >
            {t['media.library.retry']}
          </Button>
        )
      }
    >
      {media && (
        <Flex vertical gap={16}>
          {media.sourceKind === 'upload' && media.status !== 'failed' && (
            // biome-ignore lint/a11y/useMediaCaption: an uploaded video has no captions to offer
            <video src={media.sourceUrl} controls style={{ width: '100%', borderRadius: 6, background: '#000' }} />
          )}
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'status', label: t['media.library.status'], children: <MediaStatusTag status={media.status} /> },
              ...(media.error ? [{ key: 'error', label: t['media.library.error'], children: media.error }] : []),
              { key: 'duration', label: t['media.library.duration'], children: formatDuration(media.durationSeconds) },
              {
                key: 'size',
                label: t['media.library.size.col'],
                children: media.sizeBytes ? formatBytes(media.sizeBytes) : '-',
              },
              { key: 'format', label: t['media.library.format'], children: media.format.toUpperCase() },
              { key: 'attempts', label: t['media.library.attempts'], children: media.attempts },
              {
                key: 'activity',
                label: t['media.library.activity'],
                children: media.activityId ?? t['media.library.agentLevel'],
              },
              {
                key: 'source',
                label: t['media.library.source'],
                children: <Typography.Text copyable>{media.sourceUrl}</Typography.Text>,
              },
              {
                key: 'url',
                label: t['media.library.url'],
                children: media.url ? <Typography.Text copyable>{media.url}</Typography.Text> : '-',
              },
              { key: 'createdAt', label: t['media.library.createdAt'], children: dayjs(media.createdAt).format(TIME) },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
