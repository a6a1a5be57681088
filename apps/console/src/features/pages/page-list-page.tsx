import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  HomeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PAGE_PAGE_SIZE, type PageSummary } from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { copyText } from '../../app/copy-text';
import { useMe } from '../../app/session';
import { pageTexts as t } from '../../locales/zh-CN/pages';
import { type PageFilters, pageListQuery, usePageListMutations } from './api/pages';
import { PageNameModal } from './components/page-name-modal';
import { pageErrorText } from './page-errors';

/** The public page as the audience opens it, on this site. */
const fullLink = (link: string) => `${window.location.origin}${link}`;

/** /pages: the agent's pages (seed 001 §2, §7): create, delete, the home page, the editor and the public link. */
export function PageListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const me = useMe();
  const [filters, setFilters] = useState<PageFilters>({ page: 1 });
  const [creating, setCreating] = useState(false);
  const list = useQuery(pageListQuery(filters));
  const { create, remove, homepage } = usePageListMutations();
  // Seed 001 §8: a page action's failure goes back to the caller, which says why here.
  const reject = async (error: unknown) => {
    message.error(await pageErrorText(error));
    throw error;
  };
  const isMainAccount = me.data?.isSubAgent === false;

  const submit = (name: string) =>
    create
      .mutateAsync({ name })
      .then((created) => navigate(`/pages/${created.id}/edit`))
      .catch(reject);

  return (
    <>
      <PageHeader
        name="pages"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t['pages.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={t['pages.hint']} />
          <Table<PageSummary>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            scroll={{ x: 1080 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['pages.empty']} /> }}
            pagination={{
              current: filters.page,
              pageSize: PAGE_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['pages.total'](total),
              onChange: (page) => setFilters({ page }),
            }}
            columns={[
              {
                title: t['pages.column.name'],
                dataIndex: 'name',
                render: (name: string, page) => (
                  <Space size={8}>
                    <Link to={`/pages/${page.id}/edit`}>
                      <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 280 }}>
                        {name}
                      </Typography.Text>
                    </Link>
                    {page.isHomepage && (
                      <Tag color="blue" icon={<HomeOutlined />} data-testid={`page-home-${page.id}`}>
                        {t['pages.home']}
                      </Tag>
                    )}
                  </Space>
                ),
              },
              {
                title: t['pages.column.status'],
                key: 'status',
                width: 190,
                render: (_, page) => (
                  <Space size={4} wrap>
                    {page.publishedAt ? (
                      <Tag color="success">{t['pages.published']}</Tag>
                    ) : (
                      <Tag>{t['pages.draft']}</Tag>
                    )}
                    {page.publishedAt && page.hasUnpublishedChanges && (
                      <Tag color="warning">{t['pages.unpublishedChanges']}</Tag>
                    )}
                  </Space>
                ),
              },
              {
                title: t['pages.column.updatedAt'],
                dataIndex: 'updatedAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['pages.column.actions'],
                key: 'actions',
                width: 480,
                fixed: 'end',
                render: (_, page) => (
                  <Space size={4} wrap>
                    <Link to={`/pages/${page.id}/edit`}>
                      <Button size="small" type="primary" ghost icon={<EditOutlined />}>
                        {t['pages.edit']}
                      </Button>
                    </Link>
                    {isMainAccount && (
                      <Button
                        size="small"
                        icon={<HomeOutlined />}
                        loading={homepage.isPending && homepage.variables?.id === page.id}
                        onClick={() =>
                          homepage
                            .mutateAsync({ id: page.id, action: page.isHomepage ? 'unset' : 'set' })
                            .catch(reject)
                            .catch(() => undefined)
                        }
                      >
                        {page.isHomepage ? t['pages.unsetHome'] : t['pages.setHome']}
                      </Button>
                    )}
                    <Tooltip title={page.publishedAt ? undefined : t['pages.unpublishedLink']}>
                      <Button
                        size="small"
                        icon={<CopyOutlined />}
                        onClick={async () => {
                          if (await copyText(fullLink(page.link))) message.success(t['pages.copied']);
                          else message.error(t['pages.copyFailed']);
                        }}
                      >
                        {t['pages.copyLink']}
                      </Button>
                    </Tooltip>
                    <a href={page.link} target="_blank" rel="noreferrer">
                      <Button size="small" icon={<ExportOutlined />}>
                        {t['pages.openLink']}
                      </Button>
                    </a>
                    <Popconfirm
                      title={t['pages.deleteConfirm'](page.name)}
                      okText={t['pages.ok']}
                      cancelText={t['pages.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove
                          .mutateAsync(page.id)
                          .catch(reject)
                          .catch(() => undefined)
                      }
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t['pages.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <PageNameModal open={creating} saving={create.isPending} onSubmit={submit} onClose={() => setCreating(false)} />
    </>
  );
}
