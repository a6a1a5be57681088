import { TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type MeetingRoom, meetingCalls } from '@yanbo/contracts';
import { Alert, Avatar, Button, Card, Descriptions, Flex, List, Result, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../app/http';
import { meetingTexts as t } from '../../locales/zh-CN/meeting';

const TIME = 'YYYY-MM-DD HH:mm';
const REFRESH_MS = 10_000;
const format = (iso: string) => dayjs(iso).format(TIME);

/**
 * /meeting/:id?token=…: where 会议 → 加入会议 leads. The link's token is checked by the server, which answers the
 * meeting as it is; until the audio/video room exists this is its waiting room, and says so: the activity, the
 * meeting's state, who the link joined as and who joined, refreshed while the meeting goes on.
 */
export function MeetingRoomPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const activityId = Number(id);
  const token = params.get('token')?.trim() ?? '';
  const valid = Number.isInteger(activityId) && activityId > 0 && token !== '';
  const room = useQuery({
    queryKey: ['meeting-room', activityId, token],
    queryFn: ({ signal }) =>
      api(meetingCalls.getMeetingRoom, { params: { id: activityId }, body: { token }, signal, noAuthRedirect: true }),
    enabled: valid,
    retry: false,
    refetchInterval: (query) => (query.state.data?.meeting.state === 'ongoing' ? REFRESH_MS : false),
  });

  let body: ReactNode;
  if (!valid || (room.error instanceof ApiError && room.error.status === 403)) {
    body = <Result status="warning" title={t['meeting.invalid']} subTitle={t['meeting.invalidHint']} />;
  } else if (room.error instanceof ApiError && room.error.status === 404) {
    body = <Result status="404" title={t['meeting.notFound']} />;
  } else if (room.data) {
    body = <RoomView room={room.data} updatedAt={room.dataUpdatedAt} />;
  } else if (room.isError) {
    body = (
      <Result
        status="error"
        title={t['meeting.loadFailed']}
        extra={
          <Button type="primary" onClick={() => room.refetch()}>
            {t['meeting.retry']}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t['meeting.loading']}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </Flex>
    );
  }

  return (
    <Flex justify="center" style={{ minHeight: '100vh', background: '#f5f7fa', padding: '32px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 720, alignSelf: 'flex-start' }} data-testid="meeting-room">
        {body}
      </Card>
    </Flex>
  );
}

function RoomView({ room, updatedAt }: { room: MeetingRoom; updatedAt: number }) {
  const ongoing = room.meeting.state === 'ongoing';
  const { activity, meeting } = room;
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Avatar size={44} icon={<VideoCameraOutlined />} style={{ background: '#1677ff' }} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary">{t['meeting.title']}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="meeting-activity-name">
            {activity.name}
          </Typography.Title>
        </Flex>
        <Tag
          color={ongoing ? 'green' : 'default'}
          data-testid="meeting-state"
          style={{ fontSize: 14, padding: '2px 10px' }}
        >
          {ongoing ? t['meeting.state.ongoing'] : t['meeting.state.ended']}
        </Tag>
      </Flex>
      {ongoing ? (
        <Alert type="info" showIcon message={t['meeting.waiting']} />
      ) : (
        <Alert type="warning" showIcon message={t['meeting.endedHint']} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          {
            key: 'activityTime',
            label: t['meeting.activityTime'],
            span: 2,
            children: `${activity.startedAt ? format(activity.startedAt) : t['meeting.noStart']} ~ ${
              activity.endedAt ? format(activity.endedAt) : t['meeting.noEnd']
            }`,
          },
          { key: 'startedAt', label: t['meeting.startedAt'], children: format(meeting.startedAt) },
          meeting.endedAt
            ? { key: 'endedAt', label: t['meeting.endedAt'], children: format(meeting.endedAt) }
            : { key: 'expiresAt', label: t['meeting.expiresAt'], children: format(room.expiresAt) },
          {
            key: 'you',
            label: t['meeting.you'],
            span: 2,
            children: (
              <span data-testid="meeting-you">
                {room.you.nickname} <RoleTag role={room.you.role} />
              </span>
            ),
          },
        ]}
      />
      <List
        size="small"
        bordered
        header={
          <Flex justify="space-between" align="center">
            <span>
              <TeamOutlined /> {t['meeting.participants'](room.participantCount)}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['meeting.lastUpdated'](dayjs(updatedAt).format('HH:mm:ss'))}
            </Typography.Text>
          </Flex>
        }
        footer={
          room.participantCount > room.participants.length ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['meeting.participantsMore'](room.participants.length, room.participantCount)}
            </Typography.Text>
          ) : undefined
        }
        dataSource={room.participants}
        data-testid="meeting-participants"
        renderItem={(participant, index) => (
          <List.Item key={`${participant.joinedAt}-${index}`}>
            <Flex align="center" gap={10} style={{ width: '100%' }}>
              <Avatar style={{ background: participant.role === 'host' ? '#fa8c16' : '#13c2c2' }}>
                {participant.nickname.slice(0, 1)}
              </Avatar>
              <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
                {participant.nickname}
              </Typography.Text>
              <RoleTag role={participant.role} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t['meeting.joinedAt'](format(participant.joinedAt))}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}

function RoleTag({ role }: { role: 'host' | 'guest' }) {
  return <Tag color={role === 'host' ? 'orange' : 'cyan'}>{t[`meeting.role.${role}`]}</Tag>;
}
