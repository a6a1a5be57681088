import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { GIFT_PAGE_SIZE, type Gift } from '@yanbo/contracts';
import { Alert, Button, Card, Empty, Flex, Image, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { giftTexts as t } from '../../locales/zh-CN/gifts';
import { giftListQuery, useGiftMutations } from './api/gifts';
import { GiftFormModal, type GiftFormValues } from './components/gift-form-modal';
import { priceLabel } from './gift-rules';

/** /gifts: the gifts the agent's viewers can send, in their order on the watch page (seed 000 §7). */
export function GiftsPage() {
  const me = useMe();
  const readOnly = me.data?.isSubAgent ?? true;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Gift | null | undefined>(undefined);
  const gifts = useQuery(giftListQuery(page));
  const { create, update, remove } = useGiftMutations();

  const submit = (values: GiftFormValues) =>
    editing ? update.mutateAsync({ id: editing.id, body: values }) : create.mutateAsync(values);

  return (
    <>
      <PageHeader
        name="gifts"
        extra={
          readOnly ? null : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t['gifts.create']}
            </Button>
          )
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['gifts.hint']} />
          {me.data?.isSubAgent && <Alert type="warning" showIcon message={t['gifts.readonly']} />}
          <Table<Gift>
            rowKey="id"
            dataSource={gifts.data?.items ?? []}
            loading={gifts.isFetching}
            scroll={{ x: 760 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['gifts.empty']} /> }}
            pagination={{
              current: page,
              pageSize: GIFT_PAGE_SIZE,
              total: gifts.data?.pager.total ?? 0,
              hideOnSinglePage: true,
              showTotal: (total) => t['gifts.total'](total),
              onChange: setPage,
            }}
            columns={[
              {
                title: t['gifts.column.icon'],
                dataIndex: 'icon',
                width: 80,
                render: (icon: string, gift) => (
                  <Image src={icon} alt={gift.name} width={40} height={40} style={{ objectFit: 'contain' }} />
                ),
              },
              {
                title: t['gifts.column.name'],
                dataIndex: 'name',
                render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
              },
              {
                title: t['gifts.column.price'],
                dataIndex: 'price',
                width: 140,
                render: (price: number) => priceLabel(price),
              },
              { title: t['gifts.column.sort'], dataIndex: 'sort', width: 90 },
              {
                title: t['gifts.column.enabled'],
                dataIndex: 'enabled',
                width: 90,
                render: (enabled: boolean, gift) => (
                  <Switch
                    checked={enabled}
                    disabled={readOnly}
                    loading={update.isPending && update.variables?.id === gift.id}
                    aria-label={`${t['gifts.column.enabled']} ${gift.name}`}
                    onChange={(checked) =>
                      update.mutateAsync({ id: gift.id, body: { enabled: checked } }).catch(() => undefined)
                    }
                  />
                ),
              },
              ...(readOnly
                ? []
                : [
                    {
                      title: t['gifts.column.actions'],
                      key: 'actions',
                      width: 170,
                      render: (_: unknown, gift: Gift) => (
                        <Space size={4}>
                          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(gift)}>
                            {t['gifts.edit']}
                          </Button>
                          <Popconfirm
                            title={t['gifts.deleteConfirm'](gift.name)}
                            okText={t['gifts.ok']}
                            cancelText={t['gifts.cancel']}
                            okButtonProps={{ danger: true }}
                            onConfirm={() => remove.mutateAsync(gift.id).catch(() => undefined)}
                          >
                            <Button size="small" danger icon={<DeleteOutlined />}>
                              {t['gifts.delete']}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]),
            ]}
          />
        </Flex>
      </Card>
      <GiftFormModal
        open={editing !== undefined}
        gift={editing ?? null}
        saving={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
