import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@yanbo/contracts';
import { App, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Tabs } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { showError } from '../../app/http';
import { useMe } from '../../app/session';
import { orderTexts as t } from '../../locales/zh-CN/orders';
import { downloadOrders, type OrderFilters, orderListQuery } from './api/orders';
import { ActivityPayHistory } from './components/activity-pay-history';
import { OrderTable } from './components/order-table';

interface FilterForm {
  id?: number | null;
  company?: string;
}

/**
 * /order: package orders, loaded on entry (seed 000 §2): the agent's own and its lower agents', 10 a page, filtered
 * by order number and company (seed 001 §3 Order list), downloadable as CSV; and an activity's payments.
 */
export function OrderListPage() {
  const { message } = App.useApp();
  const me = useMe();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<OrderFilters>({ page: 1 });
  const [admin, setAdmin] = useState(true);
  const [downloading, setDownloading] = useState(false);
  // Package orders belong to the main account; a sub-account sees only its activities' payments.
  const isSubAgent = me.data?.isSubAgent !== false;
  const list = useQuery({ ...orderListQuery(filters), enabled: !isSubAgent });

  const search = (values: FilterForm) =>
    setFilters({ page: 1, id: values.id ?? undefined, company: values.company?.trim() || undefined });
  const reset = () => {
    form.resetFields();
    setFilters({ page: 1 });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadOrders(admin);
      message.success(t['orders.download.done']);
    } catch (error) {
      await showError(error);
    } finally {
      setDownloading(false);
    }
  };

  const orders = (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Form<FilterForm> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="id" label={t['orders.filter.id']}>
            <InputNumber
              min={1}
              max={2_147_483_647}
              precision={0}
              controls={false}
              placeholder={t['orders.filter.idPlaceholder']}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="company" label={t['orders.filter.company']}>
            <Input
              placeholder={t['orders.filter.companyPlaceholder']}
              maxLength={60}
              allowClear
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t['orders.filter.search']}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                {t['orders.filter.reset']}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
        <Flex align="center" gap={12}>
          <Checkbox checked={admin} onChange={(event) => setAdmin(event.target.checked)}>
            {t['orders.download.admin']}
          </Checkbox>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
            {t['orders.download']}
          </Button>
        </Flex>
      </Flex>
      <OrderTable
        rows={list.data?.items ?? []}
        loading={list.isFetching}
        filtered={filters.id !== undefined || Boolean(filters.company)}
        ownAgentId={me.data?.id}
        pager={{
          current: filters.page,
          pageSize: ORDER_PAGE_SIZE,
          total: list.data?.pager.total ?? 0,
          showSizeChanger: false,
          showTotal: t['orders.total'],
          onChange: (page) => setFilters((current) => ({ ...current, page })),
        }}
      />
    </Flex>
  );

  return (
    <>
      <PageHeader name="orders" />
      <Card styles={{ body: { paddingTop: 8 } }} loading={me.isLoading}>
        <Tabs
          items={[
            ...(me.data?.isSubAgent === false
              ? [{ key: 'orders', label: t['orders.tab.orders'], children: orders }]
              : []),
            { key: 'activity-pay', label: t['orders.tab.activityPay'], children: <ActivityPayHistory /> },
          ]}
        />
      </Card>
    </>
  );
}
