import { DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, type Catalog } from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Input, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { copyText } from '../../app/copy-text';
import { catalogTexts as t } from '../../locales/zh-CN/catalogs';
import { type CatalogFilters, catalogListQuery, useCatalogMutations } from './api/catalogs';
import { CatalogNameModal } from './components/catalog-name-modal';

/** The public page as the audience opens it, on this site. */
const fullLink = (link: string) => `${window.location.origin}${link}`;

/** /catalog: the agent's catalogs (seed 001 §2, §7): create, rename, delete, and the way to each one's settings. */
export function CatalogListPage() {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<CatalogFilters>({ page: 1 });
  const [editing, setEditing] = useState<Catalog | null | undefined>(undefined);
  const list = useQuery(catalogListQuery(filters));
  const { create, rename, remove } = useCatalogMutations(() => setFilters((f) => ({ ...f, page: 1 })));

  const submit = (name: string) => (editing ? rename.mutateAsync({ id: editing.id, name }) : create.mutateAsync(name));

  return (
    <>
      <PageHeader
        name="catalogs"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t['catalogs.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['catalogs.hint']} />
          <Input.Search
            allowClear
            placeholder={t['catalogs.search']}
            style={{ width: 260 }}
            onSearch={(value) => setFilters({ page: 1, name: value.trim() || undefined })}
          />
          <Table<Catalog>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            scroll={{ x: 900 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filters.name ? t['catalogs.emptyFiltered'] : t['catalogs.empty']}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: CATALOG_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['catalogs.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['catalogs.column.name'],
                dataIndex: 'name',
                render: (name: string, catalog) => (
                  <Link to={`/catalog/${catalog.id}/setting`}>
                    <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 320 }}>
                      {name}
                    </Typography.Text>
                  </Link>
                ),
              },
              { title: t['catalogs.column.chapters'], dataIndex: 'chapterCount', width: 90 },
              { title: t['catalogs.column.activities'], dataIndex: 'activityCount', width: 90 },
              {
                title: t['catalogs.column.updatedAt'],
                dataIndex: 'updatedAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['catalogs.column.actions'],
                key: 'actions',
                width: 360,
                fixed: 'end',
                render: (_, catalog) => (
                  <Space size={4} wrap>
                    <Link to={`/catalog/${catalog.id}/setting`}>
                      <Button size="small" type="primary" ghost icon={<SettingOutlined />}>
                        {t['catalogs.setting']}
                      </Button>
                    </Link>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(catalog)}>
                      {t['catalogs.rename']}
                    </Button>
                    <Button
                      size="small"
                      onClick={async () => {
                        if (await copyText(fullLink(catalog.link))) message.success(t['catalogs.copied']);
                        else message.error(t['catalogs.copyFailed']);
                      }}
                    >
                      {t['catalogs.copyLink']}
                    </Button>
                    <Popconfirm
                      title={t['catalogs.deleteConfirm'](catalog.name)}
                      okText={t['catalogs.ok']}
                      cancelText={t['catalogs.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(catalog.id).catch(() => undefined)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t['catalogs.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <CatalogNameModal
        open={editing !== undefined}
        catalog={editing ?? null}
        saving={create.isPending || rename.isPending}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
