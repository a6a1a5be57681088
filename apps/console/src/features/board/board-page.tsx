import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_PREVIEW_PARAM, REDIRECT_DELAY_MS } from '@yanbo/contracts';
import { App, Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { navigateTo, showError } from '../../app/http';
import { boardTexts as t } from '../../locales/zh-CN/board';
import { errorTexts } from '../../locales/zh-CN/errors';
import {
  ActivityCover,
  ActivityFormModal,
  ActivityStatusTags,
  ActivitySubagentTag,
  activityQuery,
  formatTime,
  PushingBadge,
  TypeTag,
  useConsoleEvents,
} from '../activities';
import { BoardFinanceTiles } from '../finance';
import { forbiddenRedirect, isActivityNotFound, streamForHost } from './board-rules';
import { BoardEntries } from './components/board-entries';
import { LivePlayer } from './components/live-player';
import { PullAddresses, PushAddresses } from './components/stream-addresses';
import { UsageCard } from './components/usage-card';
import { WatchLinks } from './components/watch-links';

/**
 * /board/:id, an activity's live operations: its state, the live preview, the push and pull addresses, and the way
 * into each of its configuration screens. isPushing follows the console's live events without a reload.
 */
export function BoardPage() {
  const { id } = useParams();
  // Another activity's board starts afresh (no redirect or error state carried over).
  return <Board key={id} activityId={Number(id)} />;
}

function Board({ activityId }: { activityId: number }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const validId = Number.isInteger(activityId) && activityId > 0;
  const activity = useQuery({ ...activityQuery(activityId), enabled: validId });
  const [editing, setEditing] = useState(false);
  const [redirect, setRedirect] = useState<string | null>(null);
  const redirecting = redirect !== null;
  useConsoleEvents();

  // Each failure is shown once (StrictMode runs effects twice in development).
  const shownError = useRef<unknown>(null);
  const error = activity.error;
  useEffect(() => {
    if (!error || shownError.current === error) return;
    shownError.current = error;
    const target = forbiddenRedirect(error);
    if (target) {
      // 403 Forbidden with a redirect: say so, then go there after the seed's delay (seed 001 §2, §8).
      message.warning(errorTexts.activityForbiddenRedirect);
      setRedirect(target);
    } else {
      // Activity Not Found opens the http client's dialog, which leads home.
      void showError(error);
    }
  }, [error, message]);
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => navigateTo(redirect), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirect]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
      {t['board.back']}
    </Button>
  );

  if (!activity.data) {
    const notFound = !validId || isActivityNotFound(activity.error);
    return (
      <>
        <PageHeader name="board" extra={back} />
        <Card>
          {notFound ? (
            <Result status="404" title={errorTexts.activityNotFound} />
          ) : activity.isError ? (
            <Result
              status={redirecting ? 'warning' : 'error'}
              title={redirecting ? errorTexts.activityForbiddenRedirect : t['board.loadFailed']}
              extra={
                !redirecting && (
                  <Button type="primary" onClick={() => activity.refetch()}>
                    {t['board.retry']}
                  </Button>
                )
              }
            />
          ) : (
            <Skeleton active avatar paragraph={{ rows: 6 }} />
          )}
        </Card>
      </>
    );
  }

  const data = activity.data;
  const stream = streamForHost(data.stream, window.location);
  return (
    <>
      <PageHeader
        name="board"
        extra={
          <Space>
            {back}
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t['board.edit']}
            </Button>
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={20} align="center" wrap>
          <ActivityCover activity={data} width={160} />
          <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
            <Flex gap={12} align="center" wrap>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="board-activity-name">
                {data.name}
              </Typography.Title>
              <ActivityStatusTags activity={data} />
            </Flex>
            <Flex gap={8} align="center" wrap>
              <Typography.Text type="secondary">{t['board.id'](data.id)}</Typography.Text>
              <TypeTag type={data.type} />
              {/* The sub-account's sign-in credentials, for the main account only (the server sends none else). */}
              {data.subagent?.cleartextPassword != null && (
                <Flex gap={4} align="center" data-testid="board-subagent">
                  <Typography.Text type="secondary">{t['board.info.subagent']}</Typography.Text>
                  <ActivitySubagentTag subagent={data.subagent} />
                </Flex>
              )}
            </Flex>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3, xxl: 5 }}
              items={[
                {
                  key: 'startedAt',
                  label: t['board.info.startedAt'],
                  children: data.startedAt ? formatTime(data.startedAt) : t['board.info.noStart'],
                },
                {
                  key: 'endedAt',
                  label: t['board.info.endedAt'],
                  children: data.endedAt ? formatTime(data.endedAt) : t['board.info.noEnd'],
                },
                { key: 'createdAt', label: t['board.info.createdAt'], children: formatTime(data.createdAt) },
                { key: 'spend', label: t['board.info.spend'], children: t['board.info.spendValue'](data.spend) },
                {
                  key: 'liveMode',
                  label: t['board.info.liveMode'],
                  children: t[`board.liveMode.${data.meta.liveMode}`],
                },
              ]}
            />
          </Flex>
        </Flex>
      </Card>
      <UsageCard activityId={data.id} isPushing={data.isPushing} />
      <BoardFinanceTiles activityId={data.id} />
      <WatchLinks activityId={data.id} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={14}>
          <Card
            title={t['board.preview.title']}
            size="small"
            extra={<PushingBadge isPushing={data.isPushing} showIdle />}
          >
            <LivePlayer
              isPushing={data.isPushing}
              flvUrl={`${stream.pullSource.flv}?${CONSOLE_PREVIEW_PARAM}=1`}
              hlsUrl={`${stream.pullSource.hls}?${CONSOLE_PREVIEW_PARAM}=1`}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <PushAddresses stream={stream} />
            <PullAddresses stream={stream} />
          </Flex>
        </Col>
      </Row>
      <BoardEntries activityId={data.id} />
      <ActivityFormModal open={editing} activity={data} onClose={() => setEditing(false)} />
    </>
  );
}
