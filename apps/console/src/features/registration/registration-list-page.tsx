import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_PAGE_SIZE, type Registration, type RegistrationKind } from '@yanbo/contracts';
import { Alert, Badge, Button, Card, Empty, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { registrationTexts as t } from '../../locales/zh-CN/registration';
import { type RegistrationFilters, registrationListQuery, useRegistrationMutations } from './api/registration';
import { registrationPaths } from './registration-paths';

/** /enroll and /application/form: the forms of one kind, with the ways to edit, review, bind, copy and delete them. */
export function RegistrationListPage({ kind }: { kind: RegistrationKind }) {
  const paths = registrationPaths(kind);
  const [filters, setFilters] = useState<RegistrationFilters>({ page: 1, kind });
  const list = useQuery(registrationListQuery(filters));
  const { remove, duplicate } = useRegistrationMutations();
  const enroll = kind === 'enroll';

  return (
    <>
      <PageHeader
        name={paths.routes.list}
        extra={
          <Link to={paths.create}>
            <Button type="primary" icon={<PlusOutlined />}>
              {enroll ? t['registration.create.enroll'] : t['registration.create.form']}
            </Button>
          </Link>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={enroll ? t['registration.hint.enroll'] : t['registration.hint.form']} />
          <Input.Search
            allowClear
            placeholder={enroll ? t['registration.search.enroll'] : t['registration.search.form']}
            style={{ width: 260 }}
            onSearch={(value) => setFilters({ page: 1, kind, name: value.trim() || undefined })}
          />
          <Table<Registration>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            scroll={{ x: 1020 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    filters.name
                      ? t['registration.emptyFiltered']
                      : enroll
                        ? t['registration.empty']
                        : t['registration.emptyForm']
                  }
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: REGISTRATION_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['registration.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['registration.column.name'],
                dataIndex: 'name',
                render: (name: string, form) => (
                  <Link to={paths.edit(form.id)}>
                    <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 280 }}>
                      {name}
                    </Typography.Text>
                  </Link>
                ),
              },
              {
                title: t['registration.column.fields'],
                key: 'fields',
                width: 80,
                render: (_, form) => form.fields.length,
              },
              ...(enroll
                ? [
                    {
                      title: t['registration.column.review'],
                      key: 'review',
                      width: 100,
                      render: (_: unknown, form: Registration) =>
                        form.config.needsReview ? (
                          <Tag color="orange">{t['registration.reviewOn']}</Tag>
                        ) : (
                          <Tag>{t['registration.reviewOff']}</Tag>
                        ),
                    },
                  ]
                : []),
              { title: t['registration.column.bindings'], dataIndex: 'bindings', width: 90 },
              {
                title: t['registration.column.records'],
                key: 'records',
                width: 110,
                render: (_, form) => (
                  <Space size={6}>
                    <span>{form.records}</span>
                    {enroll && form.pending > 0 && (
                      <Badge count={form.pending} title={t['registration.column.pending']} />
                    )}
                  </Space>
                ),
              },
              {
                title: t['registration.column.updatedAt'],
                dataIndex: 'updatedAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['registration.column.actions'],
                key: 'actions',
                width: 380,
                fixed: 'end',
                render: (_, form) => (
                  <Space size={4} wrap>
                    <Link to={paths.edit(form.id)}>
                      <Button size="small" icon={<EditOutlined />}>
                        {t['registration.edit']}
                      </Button>
                    </Link>
                    <Link to={paths.records(form.id)}>
                      <Button size="small" type="primary" ghost icon={<UnorderedListOutlined />}>
                        {enroll ? t['registration.records'] : t['registration.data']}
                      </Button>
                    </Link>
                    <Button
                      size="small"
                      icon={<CopyOutlined />}
                      loading={duplicate.isPending && duplicate.variables === form.id}
                      onClick={() => duplicate.mutate(form.id)}
                    >
                      {t['registration.duplicate']}
                    </Button>
                    <Popconfirm
                      title={t['registration.deleteConfirm'](form.name)}
                      okText={t['registration.ok']}
                      cancelText={t['registration.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(form.id).catch(() => undefined)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t['registration.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </>
  );
}
