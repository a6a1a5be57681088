import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { showError } from '../../app/http';
import { liveStreamTexts as t } from '../../locales/zh-CN/live-stream';
import { activityQuery } from '../activities';
import { MediaLibraryPanel, MediaListsPanel, PlaylistPanel } from '../media';
import { StreamPanel } from './components/stream-panel';

const TABS = ['media', 'library', 'playlist', 'stream'] as const;

/** /board/:id/live: the activity's live media, the media library, its playlist and how it goes live. */
export function LiveStreamPage() {
  const { id } = useParams();
  return <LiveStream key={id} activityId={Number(id)} />;
}

function LiveStream({ activityId }: { activityId: number }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const activity = useQuery(activityQuery(activityId));
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'media';

  useEffect(() => {
    if (activity.error) void showError(activity.error);
  }, [activity.error]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/board/${activityId}`)}>
      {t['live.back']}
    </Button>
  );

  if (!activity.data) {
    return (
      <>
        <PageHeader name="live-stream" extra={back} />
        <Card>
          {activity.isError ? (
            <Result
              status="error"
              title={t['live.loadFailed']}
              extra={
                <Button type="primary" onClick={() => activity.refetch()}>
                  {t['live.retry']}
                </Button>
              }
            />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        name="live-stream"
        extra={
          <Flex gap={12} align="center">
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
              {activity.data.name}
            </Typography.Text>
            {back}
          </Flex>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'media', label: t['live.tab.media'], children: <MediaListsPanel activityId={activityId} /> },
          { key: 'library', label: t['live.tab.library'], children: <MediaLibraryPanel activityId={activityId} /> },
          { key: 'playlist', label: t['live.tab.playlist'], children: <PlaylistPanel activityId={activityId} /> },
          { key: 'stream', label: t['live.tab.stream'], children: <StreamPanel activity={activity.data} /> },
        ]}
      />
    </>
  );
}
