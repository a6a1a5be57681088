import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatComment, CommentStatus } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Avatar, Button, Empty, Flex, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { useRestrictionMutations } from '../api/chat-restrictions';
import { commentListQuery, useCommentMutations } from '../api/comment-list';
import { usePinMutation } from '../api/comment-pins';
import { COMMENT_TABS, type CommentTab, commentActions, commentCounts, flattenComments } from '../comment-rules';

const STATUS_COLOR: Record<CommentStatus, string> = { pending: 'orange', passed: 'green', failed: 'red' };

export function CommentStatusTag({ status }: { status: CommentStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{t[`comments.status.${status}`]}</Tag>;
}

export function CommentAuthor({ comment }: { comment: ChatComment }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <Avatar size="small" src={comment.avatar ?? undefined}>
        {comment.nickname.slice(0, 1)}
      </Avatar>
      <Typography.Text ellipsis style={{ maxWidth: 120 }}>
        {comment.nickname}
      </Typography.Text>
      {comment.isRobot && (
        <Tag color="purple" style={{ marginInlineEnd: 0 }}>
          {t['comments.robot']}
        </Tag>
      )}
      {comment.isPinned && (
        <Tag color="gold" style={{ marginInlineEnd: 0 }}>
          {t['comments.pinnedTag']}
        </Tag>
      )}
    </Flex>
  );
}

interface Props {
  activityId: number;
  tab: CommentTab;
  onTab(tab: CommentTab): void;
  checkMode: boolean;
  /** 新消息 (N): comments waiting while real-time display is off. */
  waiting: number;
  onShowWaiting(): void;
}

/** 全部 / 待审核 / 已通过 / 未通过 with their counts, 10 a page and 加载更多, per-row and batch moderation. */
export function CommentTable({ activityId, tab, onTab, checkMode, waiting, onShowWaiting }: Props) {
  const list = useInfiniteQuery(commentListQuery(activityId, tab));
  const { review, remove } = useCommentMutations(activityId);
  const pin = usePinMutation(activityId);
  const restrict = useRestrictionMutations(activityId);
  const [selected, setSelected] = useState<number[]>([]);
  const comments = flattenComments(list.data);
  const counts = commentCounts(list.data);
  const shownIds = new Set(comments.map((comment) => comment.id));
  const chosen = selected.filter((id) => shownIds.has(id));

  const label = (key: CommentTab) =>
    key === 'all' ? t['comments.tab.all'] : t[`comments.tab.${key}`](counts?.[key] ?? 0);
  const done = () => setSelected([]);
  const quiet = () => undefined;

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setSelected([]);
          onTab(key as CommentTab);
        }}
        items={COMMENT_TABS.map((key) => ({ key, label: label(key) }))}
        tabBarExtraContent={
          waiting > 0 && (
            <Button size="small" type="primary" ghost onClick={onShowWaiting} title={t['comments.waitingHelp']}>
              {t['comments.waiting'](waiting)}
            </Button>
          )
        }
      />
      <Flex gap={8} align="center" style={{ marginBottom: 12 }} wrap>
        <Button
          disabled={chosen.length === 0}
          loading={review.isPending}
          onClick={() => review.mutateAsync({ ids: chosen, status: 'passed' }).then(done, quiet)}
        >
          {t['comments.batchApprove']}
        </Button>
        <Popconfirm
          title={t['comments.batchDeleteConfirm'](chosen.length)}
          okText={t['comments.ok']}
          cancelText={t['comments.cancel']}
          okButtonProps={{ danger: true }}
          disabled={chosen.length === 0}
          onConfirm={() => remove.mutateAsync(chosen).then(done, quiet)}
        >
          <Button danger disabled={chosen.length === 0}>
            {t['comments.batchDelete']}
          </Button>
        </Popconfirm>
        {chosen.length > 0 && (
          <Typography.Text type="secondary">{t['comments.selected'](chosen.length)}</Typography.Text>
        )}
      </Flex>
      <Table<ChatComment>
        rowKey="id"
        size="middle"
        dataSource={comments}
        loading={list.isLoading || (list.isFetching && !list.isFetchingNextPage)}
        pagination={false}
        scroll={{ x: 600 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['comments.empty']} /> }}
        columns={[
          {
            title: t['comments.column.comment'],
            key: 'comment',
            render: (_, comment) => (
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex align="center" gap={8} wrap>
                  <CommentAuthor comment={comment} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatBeijingTime(comment.createdAt).slice(5)}
                  </Typography.Text>
                </Flex>
                <Typography.Text style={{ wordBreak: 'break-word', paddingInlineStart: 32 }}>
                  {comment.text}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t['comments.column.status'],
            dataIndex: 'status',
            width: 84,
            render: (status: CommentStatus) => <CommentStatusTag status={status} />,
          },
          {
            title: t['comments.column.actions'],
            key: 'actions',
            width: 200,
            render: (_, comment) => {
              const can = commentActions(comment, checkMode);
              const name = comment.nickname;
              return (
                <Space size={0} wrap>
                  {can.approve && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => review.mutateAsync({ ids: [comment.id], status: 'passed' }).catch(quiet)}
                    >
                      {t['comments.approve']}
                    </Button>
                  )}
                  {can.reject && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => review.mutateAsync({ ids: [comment.id], status: 'failed' }).catch(quiet)}
                    >
                      {t['comments.reject']}
                    </Button>
                  )}
                  {can.recheck && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => review.mutateAsync({ ids: [comment.id], status: 'pending' }).catch(quiet)}
                    >
                      {t['comments.recheck']}
                    </Button>
                  )}
                  {(can.pin || can.unpin) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => pin.mutateAsync({ commentId: comment.id, pinned: can.pin }).catch(quiet)}
                    >
                      {can.pin ? t['comments.pin'] : t['comments.unpin']}
                    </Button>
                  )}
                  {can.restrict && comment.userId && (
                    <>
                      <Popconfirm
                        title={t['comments.banConfirm'](name)}
                        okText={t['comments.ok']}
                        cancelText={t['comments.cancel']}
                        onConfirm={() =>
                          restrict.add.mutateAsync({ kind: 'ban', userId: comment.userId as string }).catch(quiet)
                        }
                      >
                        <Button type="link" size="small">
                          {t['comments.ban']}
                        </Button>
                      </Popconfirm>
                      <Popconfirm
                        title={t['comments.blacklistConfirm'](name)}
                        okText={t['comments.ok']}
                        cancelText={t['comments.cancel']}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          restrict.add.mutateAsync({ kind: 'blacklist', userId: comment.userId as string }).catch(quiet)
                        }
                      >
                        <Button type="link" size="small">
                          {t['comments.blacklist']}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                  {can.kick && comment.sid && (
                    <Popconfirm
                      title={t['comments.kickConfirm'](name)}
                      okText={t['comments.ok']}
                      cancelText={t['comments.cancel']}
                      onConfirm={() => restrict.kick.mutateAsync(comment.sid as string).catch(quiet)}
                    >
                      <Button type="link" size="small">
                        {t['comments.kick']}
                      </Button>
                    </Popconfirm>
                  )}
                  <Popconfirm
                    title={t['comments.deleteConfirm']}
                    okText={t['comments.ok']}
                    cancelText={t['comments.cancel']}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync([comment.id]).catch(quiet)}
                  >
                    <Button type="link" size="small" danger>
                      {t['comments.delete']}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      {comments.length > 0 && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          {list.hasNextPage ? (
            <Button loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
              {t['comments.loadMore']}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t['comments.allLoaded']}</Typography.Text>
          )}
        </Flex>
      )}
    </>
  );
}
