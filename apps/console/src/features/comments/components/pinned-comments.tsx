import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Typography } from 'antd';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { pinnedCommentsQuery, usePinMutation } from '../api/comment-pins';
import { CommentAuthor } from './comment-table';

/** The pinned comments (page 1, size 50), each with 取消置顶. */
export function PinnedComments({ activityId }: { activityId: number }) {
  const pinned = useQuery(pinnedCommentsQuery(activityId));
  const pin = usePinMutation(activityId);
  const items = pinned.data?.items ?? [];
  return (
    <Card size="small" title={t['comments.pinned.title']} loading={pinned.isLoading} data-testid="pinned-comments">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['comments.pinned.empty']} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(comment) => (
            <List.Item
              extra={
                <Button
                  type="link"
                  size="small"
                  onClick={() => pin.mutateAsync({ commentId: comment.id, pinned: false }).catch(() => undefined)}
                >
                  {t['comments.unpin']}
                </Button>
              }
            >
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <CommentAuthor comment={{ ...comment, isPinned: false }} />
                <Typography.Text style={{ wordBreak: 'break-word' }}>{comment.text}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
