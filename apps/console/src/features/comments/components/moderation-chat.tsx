import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatComment, CommentList } from '@yanbo/contracts';
import { Card, Col, Flex, Row } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { useCommentEvents } from '../../activities';
import { SentGiftsCard } from '../../gifts';
import { chatReportQuery } from '../api/chat-report';
import { commentFilterQuery } from '../api/comment-filter';
import { commentListQuery, commentsKey } from '../api/comment-list';
import {
  COMMENT_TABS,
  type CommentTab,
  flattenComments,
  mergeComment,
  receiveLiveComment,
  releaseWaiting,
} from '../comment-rules';
import { ChatReportCard } from './chat-report-card';
import { CommentSettings } from './comment-settings';
import { CommentTable } from './comment-table';
import { PinnedComments } from './pinned-comments';
import { RestrictedViewers } from './restricted-viewers';
import { RobotCommentBox } from './robot-comment-box';

const REPORT_REFRESH_MS = 2_000;

interface ModerationChatProps {
  activityId: number;
  tab: CommentTab;
  onTab: (tab: CommentTab) => void;
  /** Only the comments and the robot's box, one above the other (the live operations screen). */
  compact?: boolean;
}

/**
 * The activity's chat as the staff moderate it: the comments as they come (the console's live events), the review
 * and pin actions, the robot's box and, in full, the chat's settings, pins, restricted viewers and report.
 */
export function ModerationChat({ activityId, tab, onTab, compact = false }: ModerationChatProps) {
  const queryClient = useQueryClient();
  const filter = useQuery(commentFilterQuery(activityId));
  const list = useInfiniteQuery(commentListQuery(activityId, tab));
  const displayDisabled = filter.data?.isCommentRTDisplayDisabled ?? false;
  const [waiting, setWaiting] = useState<ChatComment[]>([]);
  const reportTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reportTimer.current), []);

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

  const table = (
    <Card styles={{ body: { paddingTop: 4 } }}>
      <CommentTable
        activityId={activityId}
        tab={tab}
        onTab={onTab}
        checkMode={filter.data?.checkMode ?? false}
        waiting={waiting.length}
        onShowWaiting={showWaiting}
      />
    </Card>
  );
  const robotBox = (
    <RobotCommentBox
      activityId={activityId}
      onSent={(comment) => {
        setWaiting((current) => current.filter((item) => item.id !== comment.id));
        show([comment]);
      }}
    />
  );
  if (compact) {
    return (
      <Flex vertical gap={16}>
        {table}
        {robotBox}
      </Flex>
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title={t['comments.settings.title']} size="small" style={{ marginBottom: 16 }}>
          <CommentSettings activityId={activityId} />
        </Card>
        {table}
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={16}>
          {robotBox}
          <SentGiftsCard activityId={activityId} />
          <PinnedComments activityId={activityId} />
          <RestrictedViewers activityId={activityId} nicknames={nicknames} />
          <ChatReportCard activityId={activityId} />
        </Flex>
      </Col>
    </Row>
  );
}
