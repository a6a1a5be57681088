import { useQuery } from '@tanstack/react-query';
import {
  CHECKIN_PAGE_SIZE,
  CHECKIN_TITLE_MAX_LENGTH,
  CHECKIN_USER_PAGE_SIZE,
  type Checkin,
  type CheckinUser,
} from '@yanbo/contracts';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { checkinListQuery, checkinUsersQuery, signInRulesQuery, useCheckinMutations } from '../api/checkins';
import { checkinDefaults, checkinDurations, clock, secondsLeft, shortTime } from '../interaction-rules';

const durationLabel = (seconds: number) =>
  seconds < 60 ? t['interactions.checkin.seconds'](seconds) : t['interactions.checkin.minutes'](seconds / 60);

/** Seconds left on the open check-in, ticking each second. */
function useCountdown(endsAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt ? secondsLeft(endsAt, now) : 0;
}

function CheckinUsers({ activityId, checkin }: { activityId: number; checkin: Checkin }) {
  const [page, setPage] = useState(1);
  const users = useQuery(checkinUsersQuery(activityId, checkin.id, page));
  return (
    <Table<CheckinUser>
      rowKey="userId"
      size="small"
      data-testid="checkin-users"
      dataSource={users.data?.items ?? []}
      loading={users.isPending}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['interactions.checkin.usersEmpty']} />,
      }}
      pagination={{
        current: page,
        pageSize: CHECKIN_USER_PAGE_SIZE,
        total: users.data?.pager.total ?? 0,
        hideOnSinglePage: true,
        showTotal: (total) => t['interactions.total'](total),
        onChange: setPage,
      }}
      columns={[
        { title: t['interactions.checkin.column.nickname'], dataIndex: 'nickname' },
        {
          title: t['interactions.checkin.column.userId'],
          dataIndex: 'userId',
          render: (userId: string) => (
            <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
              {userId}
            </Typography.Text>
          ),
        },
        {
          title: t['interactions.checkin.column.checkedAt'],
          dataIndex: 'createdAt',
          width: 180,
          render: (at: string) => shortTime(at),
        },
      ]}
    />
  );
}

/** The form that starts a check-in, from the sign-in extension's title and duration when it is switched on. */
function CheckinStartForm({
  defaults,
  pending,
  onStart,
}: {
  defaults: { title: string; durationSeconds: number };
  pending: boolean;
  onStart: (body: { title: string; durationSeconds: number }) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ title: string; durationSeconds: number }>();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={defaults}
      onFinish={(values) =>
        onStart({ title: values.title.trim(), durationSeconds: values.durationSeconds })
          .then(() => form.resetFields())
          .catch(() => undefined)
      }
    >
      <Form.Item name="title" label={t['interactions.checkin.title']}>
        <Input
          placeholder={t['interactions.checkin.titlePlaceholder']}
          maxLength={CHECKIN_TITLE_MAX_LENGTH}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item name="durationSeconds" label={t['interactions.checkin.duration']}>
        <Select
          style={{ width: 120 }}
          options={checkinDurations(defaults.durationSeconds).map((seconds) => ({
            value: seconds,
            label: durationLabel(seconds),
          }))}
          aria-label={t['interactions.checkin.duration']}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t['interactions.checkin.start']}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 签到: start a check-in for a while, watch the count and the names come in, end it early. */
export function CheckinPanel({ activityId }: { activityId: number }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery(checkinListQuery(activityId, page));
  const { start, end } = useCheckinMutations(activityId);
  // The sign-in extension, switched on, is the check-ins' rules: the form starts from its title and duration.
  const rules = useQuery(signInRulesQuery(activityId));
  const defaults = checkinDefaults(rules.data);
  const items = list.data?.items ?? [];
  const open = items.find((item) => item.isOpen);
  const left = useCountdown(open?.endsAt);
  const shown = items.find((item) => item.id === (selected ?? open?.id ?? items[0]?.id));

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={t['interactions.checkin.hint']} />
      {rules.data?.enabled && (
        <Alert
          type="warning"
          showIcon
          data-testid="checkin-rules"
          message={
            <span>
              {t['interactions.checkin.rules'](durationLabel(rules.data.durationSeconds))}
              {rules.data.requireMobile && t['interactions.checkin.rulesMobile']}
            </span>
          }
          action={
            <Link to={`/board/${activityId}/settings?tab=extensions`}>{t['interactions.checkin.rulesLink']}</Link>
          }
        />
      )}
      {open && left > 0 ? (
        <Card size="small" title={t['interactions.checkin.current']} data-testid="checkin-current">
          <Flex gap={48} align="center" wrap>
            <Typography.Text strong>{open.title || t['interactions.checkin.untitled']}</Typography.Text>
            {open.requireMobile && <Tag color="blue">{t['interactions.checkin.requireMobile']}</Tag>}
            <Statistic title={t['interactions.checkin.remaining']} value={clock(left)} />
            <Statistic title={t['interactions.checkin.count']} value={open.count} />
            <Popconfirm
              title={t['interactions.checkin.endConfirm']}
              okText={t['interactions.ok']}
              cancelText={t['interactions.cancel']}
              onConfirm={() => end.mutateAsync(open.id).catch(() => undefined)}
            >
              <Button danger>{t['interactions.checkin.end']}</Button>
            </Popconfirm>
          </Flex>
        </Card>
      ) : (
        <Card size="small">
          <CheckinStartForm
            // The extension's values arrive after the first paint: the form starts again from them.
            key={`${defaults.title}-${defaults.durationSeconds}`}
            defaults={defaults}
            pending={start.isPending}
            onStart={(body) => start.mutateAsync(body)}
          />
        </Card>
      )}
      <Table<Checkin>
        rowKey="id"
        size="small"
        dataSource={items}
        loading={list.isPending}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['interactions.checkin.empty']} />,
        }}
        rowClassName={(item) => (item.id === shown?.id ? 'ant-table-row-selected' : '')}
        pagination={{
          current: page,
          pageSize: CHECKIN_PAGE_SIZE,
          total: list.data?.pager.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => t['interactions.total'](total),
          onChange: setPage,
        }}
        columns={[
          {
            title: t['interactions.checkin.column.title'],
            dataIndex: 'title',
            render: (title: string, item) => (
              <>
                {title || t['interactions.checkin.untitled']}
                {item.requireMobile && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {t['interactions.checkin.requireMobile']}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t['interactions.checkin.column.startedAt'],
            dataIndex: 'startedAt',
            width: 180,
            render: (at: string) => shortTime(at),
          },
          {
            title: t['interactions.checkin.column.duration'],
            dataIndex: 'durationSeconds',
            width: 100,
            render: (seconds: number) => durationLabel(seconds),
          },
          {
            title: t['interactions.checkin.column.status'],
            key: 'status',
            width: 100,
            render: (_: unknown, item) =>
              item.isOpen && Date.parse(item.endsAt) > Date.now() ? (
                <Tag color="processing">{t['interactions.checkin.open']}</Tag>
              ) : (
                <Tag>{t['interactions.checkin.ended']}</Tag>
              ),
          },
          { title: t['interactions.checkin.column.count'], dataIndex: 'count', width: 100 },
          {
            key: 'users',
            width: 110,
            render: (_: unknown, item) => (
              <Button size="small" type="link" onClick={() => setSelected(item.id)}>
                {t['interactions.checkin.viewUsers']}
              </Button>
            ),
          },
        ]}
      />
      {shown && (
        <Card size="small" title={t['interactions.checkin.usersOf'](shown.title || t['interactions.checkin.untitled'])}>
          <CheckinUsers key={shown.id} activityId={activityId} checkin={shown} />
        </Card>
      )}
    </Flex>
  );
}
