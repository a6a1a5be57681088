import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Aggregation } from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Image, Input, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { copyText } from '../../app/copy-text';
import { aggregationTexts as t } from '../../locales/zh-CN/aggregation';
import { useAggregationList, useAggregationMutations } from './api/aggregation';
import { AggregationFormModal } from './components/aggregation-form-modal';

/** The public page as the audience opens it, on this site. */
const fullLink = (link: string) => `${window.location.origin}${link}`;

function AggregationCard({ aggregation, onEdit }: { aggregation: Aggregation; onEdit: () => void }) {
  const { message } = App.useApp();
  const { remove } = useAggregationMutations();
  const live = aggregation.venues.filter((venue) => venue.isPushing).length;
  return (
    <Card size="small" data-testid={`aggregation-${aggregation.id}`}>
      <Flex gap={16} align="flex-start" wrap>
        {aggregation.cover ? (
          <Image src={aggregation.cover} width={160} height={90} style={{ objectFit: 'cover', borderRadius: 6 }} />
        ) : (
          <div
            style={{ width: 160, height: 90, borderRadius: 6, background: 'linear-gradient(135deg,#dbe7ff,#f0f5ff)' }}
          />
        )}
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Space size={8} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {aggregation.name}
            </Typography.Text>
            <Tag>{t['aggregation.venueCount'](aggregation.venues.length)}</Tag>
            {live > 0 && <Tag color="blue">{t['aggregation.liveCount'](live)}</Tag>}
          </Space>
          {aggregation.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: aggregation.description }}>
              {aggregation.description}
            </Typography.Text>
          )}
          <Space size={[4, 4]} wrap>
            {aggregation.venues.map((venue) => (
              <Tag key={venue.activityId} color={venue.isPushing ? 'processing' : 'default'}>
                {venue.label ? `${venue.label} · ${venue.name}` : venue.name}
                {venue.isPushing ? ` · ${t['aggregation.live']}` : ''}
              </Tag>
            ))}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t['aggregation.createdAt']} {dayjs(aggregation.createdAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </Flex>
        <Space size={4} wrap>
          <Button size="small" type="primary" ghost icon={<EditOutlined />} onClick={onEdit}>
            {t['aggregation.edit']}
          </Button>
          <Button size="small" icon={<EyeOutlined />} href={aggregation.link} target="_blank">
            {t['aggregation.open']}
          </Button>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={async () => {
              if (await copyText(fullLink(aggregation.link))) message.success(t['aggregation.copied']);
              else message.error(t['aggregation.copyFailed']);
            }}
          >
            {t['aggregation.copyLink']}
          </Button>
          <Popconfirm
            title={t['aggregation.deleteConfirm'](aggregation.name)}
            okText={t['aggregation.ok']}
            cancelText={t['aggregation.cancel']}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(aggregation.id).catch(() => undefined)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t['aggregation.delete']}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
    </Card>
  );
}

/**
 * /aggregation (seed 000 §2, §4): the agent's aggregation pages (多会场), 10 at a time with 加载更多 until a page
 * brings fewer than 10; add, edit, delete, and each one's public page and link.
 */
export function AggregationPage() {
  const [name, setName] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Aggregation | null | undefined>(undefined);
  const list = useAggregationList(name);
  const { create, update } = useAggregationMutations();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader
        name="aggregation"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t['aggregation.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['aggregation.hint']} />
          <Input.Search
            allowClear
            placeholder={t['aggregation.search']}
            style={{ width: 260 }}
            onSearch={(value) => setName(value.trim() || undefined)}
          />
          {list.isError && <Alert type="error" showIcon message={t['aggregation.loadFailed']} />}
          {list.isPending ? (
            <Spin style={{ padding: 48 }} />
          ) : items.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={name ? t['aggregation.emptyFiltered'] : t['aggregation.empty']}
            />
          ) : (
            <Flex vertical gap={12} data-testid="aggregation-list">
              {items.map((aggregation) => (
                <AggregationCard
                  key={aggregation.id}
                  aggregation={aggregation}
                  onEdit={() => setEditing(aggregation)}
                />
              ))}
              <Flex justify="center">
                {list.hasNextPage ? (
                  <Button loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                    {t['aggregation.loadMore']}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t['aggregation.allLoaded']}</Typography.Text>
                )}
              </Flex>
            </Flex>
          )}
        </Flex>
      </Card>
      <AggregationFormModal
        open={editing !== undefined}
        aggregation={editing ?? null}
        saving={create.isPending || update.isPending}
        onSubmit={(body) => (editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body))}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
