import { useQuery } from '@tanstack/react-query';
import { SMS_RECORD_PAGE_SIZE, type SmsUsage, SUBSCRIBER_PAGE_SIZE } from '@yanbo/contracts';
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMe } from '../../../app/session';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { officialUserQuery, smsUsageQuery, subscribersQuery } from '../api/settings-queries';
import { SettingsSection } from './settings-section';

const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const statusColor = { sent: 'processing', used: 'success', expired: 'default' } as const;

/** GET /agent/{id}/sms: sent count, remaining resource and the details, a page at a time. */
export function SmsTab() {
  const me = useMe();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...smsUsageQuery(me.data?.id ?? 0, page), enabled: me.data !== undefined });
  return (
    <SettingsSection title={t['sms.title']} query={query}>
      {(usage: SmsUsage) => (
        <Flex vertical gap={16}>
          <Row gutter={16}>
            {(
              [
                ['sms.total', usage.resource.total],
                ['sms.used', usage.resource.used],
                ['sms.remaining', usage.resource.remaining],
              ] as const
            ).map(([label, value]) => (
              <Col span={8} key={label}>
                <Card size="small">
                  <Statistic title={t[label]} value={value} suffix={t['sms.unit']} />
                </Card>
              </Col>
            ))}
          </Row>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t['sms.details']}
          </Typography.Title>
          <Table
            rowKey="id"
            size="middle"
            dataSource={usage.items}
            loading={query.isFetching}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['sms.empty']} /> }}
            pagination={{
              current: page,
              pageSize: SMS_RECORD_PAGE_SIZE,
              total: usage.pager.total,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              { title: t['sms.column.mobile'], dataIndex: 'mobile' },
              {
                title: t['sms.column.purpose'],
                dataIndex: 'purpose',
                render: (purpose: string) => t['sms.purpose'](purpose),
              },
              {
                title: t['sms.column.status'],
                dataIndex: 'status',
                render: (status: SmsUsage['items'][number]['status']) => (
                  <Tag color={statusColor[status]}>{t[`sms.status.${status}`]}</Tag>
                ),
              },
              { title: t['sms.column.createdAt'], dataIndex: 'createdAt', render: formatTime },
            ]}
          />
        </Flex>
      )}
    </SettingsSection>
  );
}

export function OfficialUserTab({ activityId }: { activityId: number }) {
  const query = useQuery(officialUserQuery(activityId));
  return (
    <SettingsSection title={t['officialUser.title']} hint={t['officialUser.hint']} query={query}>
      {(user) => (
        <Flex gap={24} align="center">
          <Avatar size={72} src={user.avatar || undefined}>
            {user.nickname.slice(0, 1)}
          </Avatar>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'nickname', label: t['officialUser.nickname'], children: user.nickname },
              { key: 'id', label: t['officialUser.id'], children: <Typography.Text code>{user.id}</Typography.Text> },
              {
                key: 'role',
                label: t['officialUser.role'],
                children: <Tag color="blue">{t['officialUser.role.official']}</Tag>,
              },
            ]}
          />
        </Flex>
      )}
    </SettingsSection>
  );
}

/** GET /v3/activity/{id}/subscribe: the mobiles subscribed to the activity's reminders. */
export function SubscribersTab({ activityId }: { activityId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery(subscribersQuery(activityId, page));
  return (
    <SettingsSection title={t['subscribers.title']} hint={t['subscribers.hint']} query={query}>
      {(list) => (
        <Table
          rowKey="mobile"
          size="middle"
          dataSource={list.items}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['subscribers.empty']} /> }}
          pagination={{
            current: page,
            pageSize: SUBSCRIBER_PAGE_SIZE,
            total: list.pager.total,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => t['subscribers.total'](total),
          }}
          columns={[
            { title: t['subscribers.mobile'], dataIndex: 'mobile' },
            { title: t['subscribers.subscribedAt'], dataIndex: 'subscribedAt', render: formatTime },
            {
              title: t['subscribers.remindedAt'],
              dataIndex: 'remindedAt',
              render: (value: string | null) => (value ? formatTime(value) : t['subscribers.notReminded']),
            },
          ]}
        />
      )}
    </SettingsSection>
  );
}
