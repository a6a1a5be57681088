import { PoweroffOutlined, UserAddOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MEETING_PAGE_SIZE, type MeetingAttendee, type MeetingJoin, type MeetingSession } from '@yanbo/contracts';
import {
  Alert,
  App,
  Badge,
  Button,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { meetingQuery, useMeetingMutations } from '../api/settings-queries';
import { absoluteUrl, formatDuration } from '../settings-rules';
import { CopyButton, SettingsSection } from './settings-section';

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');
/** Who entered a meeting's room, when, until when and for how long. */
function AttendeeTable({ session }: { session: MeetingSession }) {
  return (
    <Flex vertical gap={4}>
      <Table<MeetingAttendee>
        rowKey={(row) => `${row.nickname}-${row.joinedAt}`}
        size="small"
        pagination={false}
        dataSource={session.attendees}
        data-testid={`meeting-attendees-${session.id}`}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['meeting.attendeesEmpty']} /> }}
        columns={[
          { title: t['meeting.column.nickname'], dataIndex: 'nickname' },
          {
            title: t['meeting.column.role'],
            dataIndex: 'role',
            width: 90,
            render: (role: MeetingAttendee['role']) => (
              <Tag color={role === 'host' ? 'orange' : 'cyan'}>{t[`meeting.role.${role}`]}</Tag>
            ),
          },
          { title: t['meeting.column.joinedAt'], dataIndex: 'joinedAt', render: formatTime },
          {
            title: t['meeting.column.leftAt'],
            dataIndex: 'leftAt',
            render: (value: string | null, row) =>
              row.online ? <Badge status="processing" text={t['meeting.online']} /> : formatTime(value),
          },
          {
            title: t['meeting.column.duration'],
            dataIndex: 'durationSeconds',
            width: 110,
            render: (value: number) => formatDuration(value),
          },
        ]}
      />
      {session.attendeeCount > session.attendees.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t['meeting.attendeesMore'](session.attendees.length, session.attendeeCount)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Meeting join, end and details (seed 001 §4, §8, §9): the state starts idle; ending reloads the details. */
export function MeetingTab({ activityId }: { activityId: number }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [joined, setJoined] = useState<(MeetingJoin & { guest?: string }) | null>(null);
  const [inviting, setInviting] = useState(false);
  const [inviteForm] = Form.useForm<{ nickname: string }>();
  const query = useQuery(meetingQuery(activityId, page));
  const { join, end } = useMeetingMutations(activityId);
  const state = query.data?.state ?? 'idle';

  const confirmEnd = () =>
    modal.confirm({
      title: t['meeting.end'],
      content: t['meeting.endConfirm'],
      okButtonProps: { danger: true },
      onOk: () =>
        end.mutateAsync().catch(() => {
          message.error(t['settings.toast.meetingEndFailed']);
        }),
    });

  return (
    <SettingsSection
      title={t['meeting.title']}
      query={query}
      extra={
        <Space>
          <Button
            type="primary"
            icon={<VideoCameraAddOutlined />}
            loading={join.isPending}
            onClick={() => join.mutate(undefined, { onSuccess: (link) => setJoined(link) })}
          >
            {t['meeting.join']}
          </Button>
          <Button icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="meeting-invite">
            {t['meeting.invite']}
          </Button>
          <Button danger icon={<PoweroffOutlined />} loading={end.isPending} onClick={confirmEnd}>
            {t['meeting.end']}
          </Button>
        </Space>
      }
    >
      {(details) => (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={[
              {
                key: 'state',
                label: t['meeting.state'],
                children: (
                  <Badge
                    status={state === 'ongoing' ? 'processing' : 'default'}
                    text={<span data-testid="meeting-state">{t[`meeting.state.${state}`]}</span>}
                  />
                ),
              },
              ...(details.current
                ? [
                    { key: 'current', label: t['meeting.current'], children: `#${details.current.id}` },
                    {
                      key: 'participants',
                      label: t['meeting.column.participants'],
                      children: details.current.participantCount,
                    },
                    {
                      key: 'online',
                      label: t['meeting.onlineCount'],
                      children: (
                        <span data-testid="meeting-online">
                          {details.current.attendees.filter((line) => line.online).length}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {details.current && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t['meeting.attendees']}
              </Typography.Title>
              <AttendeeTable session={details.current} />
            </>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t['meeting.history']}
          </Typography.Title>
          <Table<MeetingSession>
            rowKey="id"
            size="middle"
            dataSource={details.items}
            loading={query.isFetching && !query.isRefetching}
            expandable={{ expandedRowRender: (session) => <AttendeeTable session={session} /> }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['meeting.empty']} /> }}
            pagination={{
              current: page,
              pageSize: MEETING_PAGE_SIZE,
              total: details.pager.total,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              { title: t['meeting.column.id'], dataIndex: 'id', width: 100 },
              {
                title: t['meeting.column.state'],
                dataIndex: 'state',
                width: 100,
                render: (value: MeetingSession['state']) => (
                  <Tag color={value === 'ongoing' ? 'processing' : 'default'}>{t[`meeting.session.${value}`]}</Tag>
                ),
              },
              { title: t['meeting.column.startedAt'], dataIndex: 'startedAt', render: formatTime },
              { title: t['meeting.column.endedAt'], dataIndex: 'endedAt', render: formatTime },
              { title: t['meeting.column.participants'], dataIndex: 'participantCount', width: 100 },
              { title: t['meeting.column.attendees'], dataIndex: 'attendeeCount', width: 110 },
            ]}
          />
          <Modal
            open={joined !== null}
            title={joined?.guest ? t['meeting.guestLinkTitle'](joined.guest) : t['meeting.joinTitle']}
            footer={null}
            onCancel={() => setJoined(null)}
            destroyOnHidden
          >
            {joined && (
              <Flex vertical gap={12}>
                <Alert type="info" showIcon message={t['meeting.joinHint']} />
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly data-testid="meeting-link" value={absoluteUrl(joined.url, window.location.origin)} />
                  <CopyButton text={absoluteUrl(joined.url, window.location.origin)} />
                </Space.Compact>
                <Flex justify="space-between" align="center" gap={12}>
                  <Typography.Text type="secondary">
                    {t['meeting.expiresAt'](formatTime(joined.expiresAt))}
                  </Typography.Text>
                  <Button type="primary" href={joined.url} target="_blank" rel="noopener" data-testid="meeting-open">
                    {t['meeting.open']}
                  </Button>
                </Flex>
              </Flex>
            )}
          </Modal>
          <Modal
            open={inviting}
            title={t['meeting.inviteTitle']}
            okText={t['meeting.inviteCreate']}
            confirmLoading={join.isPending}
            onCancel={() => setInviting(false)}
            onOk={() => inviteForm.submit()}
            destroyOnHidden
          >
            <Alert type="info" showIcon message={t['meeting.inviteHint']} style={{ marginBottom: 16 }} />
            <Form
              form={inviteForm}
              layout="vertical"
              preserve={false}
              onFinish={({ nickname }) =>
                join.mutate(
                  { nickname: nickname.trim() },
                  {
                    onSuccess: (link) => {
                      setInviting(false);
                      setJoined({ ...link, guest: nickname.trim() });
                    },
                  },
                )
              }
            >
              <Form.Item
                name="nickname"
                label={t['meeting.inviteNickname']}
                rules={[{ required: true, whitespace: true, message: t['meeting.inviteNicknameRequired'] }]}
              >
                <Input maxLength={30} showCount data-testid="meeting-invite-nickname" />
              </Form.Item>
            </Form>
          </Modal>
        </Flex>
      )}
    </SettingsSection>
  );
}
