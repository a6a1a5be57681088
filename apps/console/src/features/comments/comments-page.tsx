import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatComment, CommentList } from '@yanbo/contracts';
import { Card, Col, Flex, Row } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showError } from '../../app/http';
import { commentTexts as t } from '../../locales/zh-CN/comments';
import { activityQuery, useCommentEvents } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending } from '../board';
import { SentGiftsCard } from '../gifts';
import { chatReportQuery } from './api/chat-report';
import { commentFilterQuery } from './api/comment-filter';
import { commentListQuery, commentsKey } from './api/comment-list';
import {
  COMMENT_TABS,
  flattenComments,
  isCommentTab,
  mergeComment,
  receiveLiveComment,
  releaseWaiting,
} from './comment-rules';
import { ChatReportCard } from './components/chat-report-card';
import { CommentSettings } from './components/comment-settings';
import { CommentTable } from './components/comment-table';
import { PinnedComments } from './components/pinned-comments';
import { RestrictedViewers } from './components/restricted-viewers';
import { RobotCommentBox } from './components/robot-comment-box';

const REPORT_REFRESH_MS = 2_000;

/** /board/:id/comments: the activity's live chat, moderated as it happens (seed 001 §4). */
export function CommentsPage() {
  const { id } = useParams();
  return <Comments key={id} activityId={Number(id)} />;
}

function Comments({ activityId }: { activityId: number }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = isCommentTab(params.get('tab')) ? (params.get('tab') as (typeof COMMENT_TABS)[number]) : 'all';
  const activity = useQuery(activityQuery(activityId));
  const filter = useQuery(commentFilterQuery(activityId));
  const list = useInfiniteQuery(commentListQuery(activityId, tab));
  const displayDisabled = filter.data?.isCommentRTDisplayDisabled ?? false;
  const [waiting, setWaiting] = useState<ChatComment[]>([]);
  const reportTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reportTimer.current), []);

  useEffect(() => {
    if (activity.error) void showError(activity.error);
  }, [activity.error]);

  /** New comments into every cached tab, each once, where its order puts them. */
  const show = useCallback(
    (comments: ChatComment[]) => {
      if (comments.length === 0) return;
      for (const key of COMMENT_TABS) {
        queryClient.setQueryData<InfiniteData<CommentList>>(commentListQuery(activityId, key).queryKey, (data) =>
          comments.reduce((merged, comment) => mergeComment(merged, comment, key), data),
        );
      }
      // The report follows, asked again at most every few seconds however busy the chat is.
      if (reportTimer.current === undefined) {
        reportTimer.current = setTimeout(() => {
          reportTimer.current = undefined;
          void queryClient.invalidateQueries({ queryKey: chatReportQuery(activityId).queryKey });
        }, REPORT_REFRESH_MS);
      }
    },
    [activityId, queryClient],
  );

  useCommentEvents(activityId, {
    onComment: (comment) => {
      if (!displayDisabled) show([comment]);
      else setWaiting((current) => receiveLiveComment(current, comment, true).waiting);
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: commentsKey(activityId) }),
  });

  const showWaiting = () => {
    const released = releaseWaiting(waiting);
    setWaiting(released.waiting);
    show(released.show);
  };

  // Real-time display back on: what waited is shown at once.
  useEffect(() => {
    if (displayDisabled || waiting.length === 0) return;
    show(releaseWaiting(waiting).show);
    setWaiting([]);
  }, [displayDisabled, waiting, show]);

  const nicknames = useMemo(() => {
    const names = new Map<string, string>();
    for (const comment of flattenComments(list.data)) if (comment.userId) names.set(comment.userId, comment.nickname);
    return names;
  }, [list.data]);

  if (!activity.data) return <ActivitySubpagePending name="comments" activityId={activityId} query={activity} />;

  return (
    <>
      <ActivitySubpageHeader name="comments" activityId={activityId} activityName={activity.data.name} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t['comments.settings.title']} size="small" style={{ marginBottom: 16 }}>
            <CommentSettings activityId={activityId} />
          </Card>
          <Card styles={{ body: { paddingTop: 4 } }}>
            <CommentTable
              activityId={activityId}
              tab={tab}
              onTab={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
              checkMode={filter.data?.checkMode ?? false}
              waiting={waiting.length}
              onShowWaiting={showWaiting}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <RobotCommentBox
              activityId={activityId}
              onSent={(comment) => {
                setWaiting((current) => current.filter((item) => item.id !== comment.id));
                show([comment]);
              }}
            />
            <SentGiftsCard activityId={activityId} />
            <PinnedComments activityId={activityId} />
            <RestrictedViewers activityId={activityId} nicknames={nicknames} />
            <ChatReportCard activityId={activityId} />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
