import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PHOTO_LIST_PAGE_SIZE, type PhotoList } from '@yanbo/contracts';
import { Alert, Avatar, Button, Card, Empty, Flex, Input, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActivitySearchSelect } from '../../app/components/activity-search-select';
import { PageHeader } from '../../app/components/page-header';
import { photoTexts as t } from '../../locales/zh-CN/photos';
import { agentPhotoListsQuery, type PhotoListFilters } from './api/photos';
import { photoListEditPath } from './photo-paths';

/** /application/photoLive: the agent's photo lists across its activities (activity, title, photo count, updated). */
export function PhotoListsView() {
  const [filters, setFilters] = useState<PhotoListFilters>({ page: 1 });
  const lists = useQuery(agentPhotoListsQuery(filters));
  const filtered = filters.activityId !== undefined || Boolean(filters.title);
  return (
    <>
      <PageHeader
        name="applications.photoLive"
        extra={
          <Link to="/application/photoLive/create">
            <Button type="primary" icon={<PlusOutlined />}>
              {t['photos.create']}
            </Button>
          </Link>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['photos.hint']} />
          <Flex gap={12} wrap>
            <ActivitySearchSelect
              optionLabel={t['photos.activityOption']}
              allowClear
              placeholder={t['photos.filterActivity']}
              style={{ width: 260 }}
              value={filters.activityId}
              onChange={(activityId) => setFilters((f) => ({ ...f, page: 1, activityId }))}
            />
            <Input.Search
              allowClear
              placeholder={t['photos.search']}
              style={{ width: 240 }}
              onSearch={(value) => setFilters((f) => ({ ...f, page: 1, title: value.trim() || undefined }))}
            />
          </Flex>
          <Table<PhotoList>
            rowKey="id"
            data-testid="photo-lists"
            dataSource={lists.data?.items ?? []}
            loading={lists.isFetching}
            scroll={{ x: 860 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t['photos.emptyFiltered'] : t['photos.empty']}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: PHOTO_LIST_PAGE_SIZE,
              total: lists.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['photos.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['photos.column.cover'],
                dataIndex: 'cover',
                width: 80,
                render: (cover: string) => (
                  <Avatar shape="square" size={48} src={cover || undefined} icon={<PictureOutlined />} />
                ),
              },
              {
                title: t['photos.column.title'],
                dataIndex: 'title',
                render: (title: string, list) => (
                  <Link to={photoListEditPath(list)}>
                    <Typography.Text strong ellipsis={{ tooltip: title }} style={{ maxWidth: 280 }}>
                      {title}
                    </Typography.Text>
                  </Link>
                ),
              },
              {
                title: t['photos.column.activity'],
                dataIndex: 'activityName',
                render: (name: string, list) => (
                  <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 240 }}>
                    {name}（{list.activityId}）
                  </Typography.Text>
                ),
              },
              {
                title: t['photos.column.count'],
                dataIndex: 'photoCount',
                width: 150,
                render: (count: number, list) => (
                  <span>
                    {count}
                    {list.hiddenCount > 0 && (
                      <Typography.Text type="secondary">{t['photos.hiddenCount'](list.hiddenCount)}</Typography.Text>
                    )}
                  </span>
                ),
              },
              {
                title: t['photos.column.updatedAt'],
                dataIndex: 'updatedAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['photos.column.actions'],
                key: 'actions',
                width: 120,
                fixed: 'end',
                render: (_, list) => (
                  <Link to={photoListEditPath(list)}>
                    <Button size="small" type="primary" ghost>
                      {t['photos.manage']}
                    </Button>
                  </Link>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </>
  );
}
