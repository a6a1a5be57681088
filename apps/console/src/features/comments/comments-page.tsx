import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showError } from '../../app/http';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending } from '../board';
import { type COMMENT_TABS, isCommentTab } from './comment-rules';
import { ModerationChat } from './components/moderation-chat';

/** /board/:id/comments: the activity's live chat, moderated as it happens (seed 001 §4). */
export function CommentsPage() {
  const { id } = useParams();
  return <Comments key={id} activityId={Number(id)} />;
}

function Comments({ activityId }: { activityId: number }) {
  const [params, setParams] = useSearchParams();
  const tab = isCommentTab(params.get('tab')) ? (params.get('tab') as (typeof COMMENT_TABS)[number]) : 'all';
  const activity = useQuery(activityQuery(activityId));

  useEffect(() => {
    if (activity.error) void showError(activity.error);
  }, [activity.error]);

  if (!activity.data) return <ActivitySubpagePending name="comments" activityId={activityId} query={activity} />;

  return (
    <>
      <ActivitySubpageHeader name="comments" activityId={activityId} activityName={activity.data.name} />
      <ModerationChat
        activityId={activityId}
        tab={tab}
        onTab={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
      />
    </>
  );
}
