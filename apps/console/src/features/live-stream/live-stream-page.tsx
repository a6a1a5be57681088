import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showError } from '../../app/http';
import { liveStreamTexts as t } from '../../locales/zh-CN/live-stream';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending } from '../board';
import { MediaLibraryPanel, MediaListsPanel, PlaylistPanel } from '../media';
import { StreamPanel } from './components/stream-panel';

const TABS = ['media', 'library', 'playlist', 'stream'] as const;

/** /board/:id/live: the activity's live media, the media library, its playlist and how it goes live. */
export function LiveStreamPage() {
  const { id } = useParams();
  return <LiveStream key={id} activityId={Number(id)} />;
}

function LiveStream({ activityId }: { activityId: number }) {
  const [params, setParams] = useSearchParams();
  const activity = useQuery(activityQuery(activityId));
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'media';

  useEffect(() => {
    if (activity.error) void showError(activity.error);
  }, [activity.error]);

  if (!activity.data) return <ActivitySubpagePending name="live-stream" activityId={activityId} query={activity} />;

  return (
    <>
      <ActivitySubpageHeader name="live-stream" activityId={activityId} activityName={activity.data.name} />
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
