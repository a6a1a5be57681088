import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE, type Product } from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Image, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { productTexts as t } from '../../locales/zh-CN/products';
import { type ProductFilters, productErrorText, productListQuery, useProductMutations } from './api/products';

/** /product/list: the agent's product library (seed 000 §2): search, edit, delete one or several at once. */
export function ProductListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ProductFilters>({ page: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery(productListQuery(filters));
  const { remove, removeMany } = useProductMutations();

  const fail = async (error: unknown) => {
    message.error(await productErrorText(error));
  };
  const deleteOne = (id: number) =>
    remove.mutateAsync(id).then(() => {
      message.success(t['products.toast.deleted']);
      setSelected((ids) => ids.filter((other) => other !== id));
    }, fail);
  const deleteSelected = () =>
    removeMany.mutateAsync(selected).then(() => {
      message.success(t['products.toast.deleted']);
      setSelected([]);
      setFilters((f) => ({ ...f, page: 1 }));
    }, fail);

  return (
    <>
      <PageHeader
        name="products"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/product/create')}>
            {t['products.create']}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['products.hint']} />
          <Flex gap={12} align="center" wrap>
            <Input.Search
              allowClear
              placeholder={t['products.search']}
              style={{ width: 260 }}
              onSearch={(value) => setFilters({ page: 1, name: value.trim() || undefined })}
              data-testid="product-search"
            />
            <Popconfirm
              title={t['products.batchDeleteConfirm'](selected.length)}
              okText={t['products.ok']}
              cancelText={t['products.cancel']}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
              onConfirm={deleteSelected}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={removeMany.isPending}>
                {t['products.batchDelete']}
              </Button>
            </Popconfirm>
            {selected.length > 0 && (
              <Typography.Text type="secondary">{t['products.selected'](selected.length)}</Typography.Text>
            )}
          </Flex>
          <Table<Product>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            scroll={{ x: 960 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filters.name ? t['products.emptyFiltered'] : t['products.empty']}
                />
              ),
            }}
            pagination={{
              current: filters.page,
              pageSize: PRODUCT_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['products.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['products.column.cover'],
                dataIndex: 'cover',
                width: 84,
                render: (cover: string) => (
                  <Image src={cover} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 6 }} />
                ),
              },
              {
                title: t['products.column.name'],
                dataIndex: 'name',
                render: (name: string, product) => (
                  <Link to={`/product/${product.id}/edit`}>
                    <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 260 }}>
                      {name}
                    </Typography.Text>
                  </Link>
                ),
              },
              {
                title: t['products.column.price'],
                dataIndex: 'price',
                width: 130,
                render: (price: number, product) => (
                  <Flex vertical>
                    <Typography.Text>{t['products.yuan'](price)}</Typography.Text>
                    {product.originalPrice !== null && (
                      <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
                        {t['products.yuan'](product.originalPrice)}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                title: t['products.column.stock'],
                dataIndex: 'stock',
                width: 90,
                render: (stock: number | null) => (stock === null ? t['products.stock.unlimited'] : stock),
              },
              { title: t['products.column.sold'], dataIndex: 'sold', width: 80 },
              {
                title: t['products.column.buyMode'],
                dataIndex: 'buyMode',
                width: 120,
                render: (mode: Product['buyMode']) => t[`products.buyMode.${mode}`],
              },
              {
                title: t['products.column.status'],
                dataIndex: 'status',
                width: 90,
                render: (status: Product['status']) => (
                  <Tag color={status === 'on' ? 'blue' : 'default'}>{t[`products.status.${status}`]}</Tag>
                ),
              },
              {
                title: t['products.column.actions'],
                key: 'actions',
                width: 170,
                fixed: 'end',
                render: (_, product) => (
                  <Space size={4}>
                    <Link to={`/product/${product.id}/edit`}>
                      <Button size="small" type="primary" ghost icon={<EditOutlined />}>
                        {t['products.edit']}
                      </Button>
                    </Link>
                    <Popconfirm
                      title={t['products.deleteConfirm'](product.name)}
                      okText={t['products.ok']}
                      cancelText={t['products.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => deleteOne(product.id)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t['products.delete']}
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
