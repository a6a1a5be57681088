import { PoweroffOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MEETING_PAGE_SIZE, type MeetingJoin, type MeetingSession } from '@yanbo/contracts';
import {
  Alert,
  App,
  Badge,
  Button,
  Descriptions,
  Empty,
  Flex,
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
import { absoluteUrl } from '../settings-rules';
import { CopyButton, SettingsSection } from './settings-section';

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Meeting join, end and details (seed 001 §4, §8, §9): the state starts idle; ending reloads the details. */
export function MeetingTab({ activityId }: { activityId: number }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [joined, setJoined] = useState<MeetingJoin | null>(null);
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
            onClick={() => join.mutate(undefined, { onSuccess: setJoined })}
          >
            {t['meeting.join']}
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
            column={{ xs: 1, md: 3 }}
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
                  ]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t['meeting.history']}
          </Typography.Title>
          <Table<MeetingSession>
            rowKey="id"
            size="middle"
            dataSource={details.items}
            loading={query.isFetching}
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
            ]}
          />
          <Modal
            open={joined !== null}
            title={t['meeting.joinTitle']}
            footer={null}
            onCancel={() => setJoined(null)}
            destroyOnHidden
          >
            {joined && (
              <Flex vertical gap={12}>
                <Alert type="info" showIcon message={t['meeting.joinHint']} />
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly value={absoluteUrl(joined.url, window.location.origin)} />
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
        </Flex>
      )}
    </SettingsSection>
  );
}
