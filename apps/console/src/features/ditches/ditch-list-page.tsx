import { DeleteOutlined, EditOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DITCH_PAGE_SIZE, type Ditch } from '@yanbo/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Popover,
  QRCode,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { copyText } from '../../app/copy-text';
import { useMe } from '../../app/session';
import { ditchTexts as t } from '../../locales/zh-CN/ditches';
import { type DitchFilters, ditchActivityOptionsQuery, ditchListQuery, useDitchMutations } from './api/ditches';
import { ActivitySelect } from './components/activity-select';
import { DitchFormModal, type DitchFormValues } from './components/ditch-form-modal';

/** A share link as the audience opens it: on this site, carrying the ditch's sign. */
const fullLink = (link: string) => `${window.location.origin}${link}`;

function LinkCell({ ditch }: { ditch: Ditch }) {
  const { message } = App.useApp();
  if (!ditch.link) return <Typography.Text type="secondary">{t['ditches.noLink']}</Typography.Text>;
  const url = fullLink(ditch.link);
  return (
    <Flex gap={6} align="center" style={{ minWidth: 0, width: '100%' }}>
      <Typography.Text ellipsis={{ tooltip: url }} style={{ flex: 1, minWidth: 120 }} data-testid="ditch-link">
        {url}
      </Typography.Text>
      <Button
        size="small"
        onClick={async () => {
          if (await copyText(url)) message.success(t['ditches.copied']);
          else message.error(t['ditches.copyFailed']);
        }}
      >
        {t['ditches.copyLink']}
      </Button>
      <Popover
        trigger="click"
        title={t['ditches.qrTitle']}
        content={<QRCode value={url} size={160} bordered={false} />}
      >
        <Button size="small" icon={<QrcodeOutlined />} aria-label={t['ditches.qr']} />
      </Popover>
    </Flex>
  );
}

/** /ditch: the agent's promotion channels, each a share link carrying its sign (seed 001 §2, §3, §7). */
export function DitchListPage() {
  const me = useMe();
  const agentId = me.data?.id ?? 0;
  const [filters, setFilters] = useState<DitchFilters>({ page: 1 });
  const [editing, setEditing] = useState<Ditch | null | undefined>(undefined);
  const list = useQuery({ ...ditchListQuery(agentId, filters), enabled: agentId > 0 });
  const activities = useQuery(ditchActivityOptionsQuery(''));
  const names = new Map((activities.data?.items ?? []).map((activity) => [activity.id, activity.name]));
  // Every mutation reloads the list with page 1, pageSize 10 (seed 001 §4).
  const { create, edit, remove } = useDitchMutations(agentId, () => setFilters((f) => ({ ...f, page: 1 })));
  const filtered = Boolean(filters.name || filters.activityId);

  const submit = (values: DitchFormValues) =>
    editing ? edit.mutateAsync({ sign: editing.sign, body: values }) : create.mutateAsync(values);

  return (
    <>
      <PageHeader
        name="ditches"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} disabled={!agentId}>
            {t['ditches.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['ditches.hint']} />
          <Flex gap={12} wrap>
            <Input.Search
              allowClear
              placeholder={t['ditches.search']}
              style={{ width: 260 }}
              onSearch={(value) => setFilters((f) => ({ ...f, page: 1, name: value.trim() || undefined }))}
            />
            <ActivitySelect
              placeholder={t['ditches.activityFilter']}
              style={{ width: 300 }}
              value={filters.activityId ?? null}
              onChange={(activityId) => setFilters((f) => ({ ...f, page: 1, activityId: activityId ?? undefined }))}
            />
          </Flex>
          <Table<Ditch>
            rowKey="sign"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching || me.isLoading}
            scroll={{ x: 1040 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t['ditches.emptyFiltered'] : t['ditches.empty']}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: DITCH_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['ditches.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['ditches.column.name'],
                dataIndex: 'name',
                width: 180,
                render: (name: string, ditch) => (
                  <Flex vertical>
                    <Typography.Text strong>{name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t['ditches.visitCount'](ditch.visitCount)}
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                title: t['ditches.column.sign'],
                dataIndex: 'sign',
                width: 120,
                render: (sign: string) => <Typography.Text code>{sign}</Typography.Text>,
              },
              {
                title: t['ditches.column.activity'],
                dataIndex: 'activityId',
                width: 170,
                render: (activityId: number | null) =>
                  activityId === null ? (
                    <Tag>{t['ditches.unbound']}</Tag>
                  ) : (
                    <Typography.Text ellipsis style={{ maxWidth: 150 }}>
                      {names.get(activityId) ?? t['ditches.activityId'](activityId)}
                    </Typography.Text>
                  ),
              },
              { title: t['ditches.column.link'], key: 'link', render: (_, ditch) => <LinkCell ditch={ditch} /> },
              {
                title: t['ditches.column.createdAt'],
                dataIndex: 'createdAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['ditches.column.actions'],
                key: 'actions',
                width: 150,
                fixed: 'end',
                render: (_, ditch) => (
                  <Space size={4}>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(ditch)}>
                      {t['ditches.edit']}
                    </Button>
                    <Popconfirm
                      title={t['ditches.deleteConfirm'](ditch.name)}
                      okText={t['ditches.ok']}
                      cancelText={t['ditches.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(ditch.sign).catch(() => undefined)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t['ditches.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <DitchFormModal
        open={editing !== undefined}
        ditch={editing ?? null}
        saving={create.isPending || edit.isPending}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
