import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../app/components/page-header';
import { boardTexts as t } from '../../../locales/zh-CN/board';
import { errorTexts } from '../../../locales/zh-CN/errors';

// The screens one activity's board opens (settings, page template, live configuration, comments) share their frame:
// the title with the activity's name and 返回看板, and the same states while what they show is loading.

/** 返回看板: back to the activity's board (to the list when the id in the address is no activity id). */
export function BackToBoard({ activityId }: { activityId: number }) {
  const navigate = useNavigate();
  const valid = Number.isInteger(activityId) && activityId > 0;
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(valid ? `/board/${activityId}` : '/')}>
      {t['board.subpage.back']}
    </Button>
  );
}

interface ActivitySubpageHeaderProps {
  /** The route name: the title and the breadcrumb come from it. */
  name: string;
  activityId: number;
  /** The activity's name beside 返回看板, once it is known. */
  activityName?: string;
  /** More actions before 返回看板 (a save button). */
  extra?: ReactNode;
}

export function ActivitySubpageHeader({ name, activityId, activityName, extra }: ActivitySubpageHeaderProps) {
  return (
    <PageHeader
      name={name}
      extra={
        <Flex gap={12} align="center">
          {activityName !== undefined && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }} data-testid="subpage-activity-name">
              {activityName}
            </Typography.Text>
          )}
          {extra}
          <BackToBoard activityId={activityId} />
        </Flex>
      }
    />
  );
}

interface ActivitySubpagePendingProps {
  name: string;
  activityId: number;
  /** What the screen waits for, as TanStack Query holds it. */
  query: { isError: boolean; refetch: () => unknown };
  /** The activity is not the caller's or does not exist: the seed's 活动不存在 page instead of retry. */
  notFound?: boolean;
  /** The title of the failure; the activity's by default. */
  failedTitle?: string;
  rows?: number;
}

/** The screen while its data is not there: a skeleton, a failure with 重试, or the activity's absence. */
export function ActivitySubpagePending({
  name,
  activityId,
  query,
  notFound = false,
  failedTitle = t['board.subpage.loadFailed'],
  rows = 8,
}: ActivitySubpagePendingProps) {
  return (
    <>
      <ActivitySubpageHeader name={name} activityId={activityId} />
      <Card>
        {notFound ? (
          <Result status="404" title={errorTexts.activityNotFound} />
        ) : query.isError ? (
          <Result
            status="error"
            title={failedTitle}
            extra={
              <Button type="primary" onClick={() => query.refetch()}>
                {t['board.subpage.retry']}
              </Button>
            }
          />
        ) : (
          <Skeleton active paragraph={{ rows }} />
        )}
      </Card>
    </>
  );
}
