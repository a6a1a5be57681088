import { useQuery } from '@tanstack/react-query';
import {
  type AccountTransaction,
  exportCalls,
  INCOME_PAGE_SIZE,
  type IncomeRecord,
  type IncomeType,
} from '@yanbo/contracts';
import { Button, Flex, Table, type TableProps, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import { downloadFile } from '../../exports';
import { gainDetailsQuery, transactionsQuery } from '../api/views';
import { yuan } from '../finance-views-rules';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** One income tab (per-view, gift-reward or goods): the payments, 5 a page, newest first, with their download. */
function IncomeTab({ agentId, type, canDownload }: { agentId: number; type: IncomeType; canDownload: boolean }) {
  const [page, setPage] = useState(1);
  const details = useQuery(gainDetailsQuery(agentId, type, page));
  const columns: TableProps<IncomeRecord>['columns'] = [
    { title: t['financeViews.column.time'], key: 'time', width: 170, render: (_, r) => time(r.createdAt) },
    {
      title: t['financeViews.column.activity'],
      key: 'activity',
      render: (_, r) => r.activityName ?? (r.activityId ? `#${r.activityId}` : '—'),
    },
    { title: t['financeViews.column.payer'], dataIndex: 'payer', key: 'payer' },
    ...(type !== 'per-view'
      ? [{ title: t['financeViews.column.item'], dataIndex: 'description', key: 'description' }]
      : []),
    { title: t['financeViews.column.amount'], key: 'amount', align: 'right', render: (_, r) => yuan(r.amount) },
    { title: t['financeViews.column.fee'], key: 'fee', align: 'right', render: (_, r) => yuan(r.fee) },
    {
      title: t['financeViews.column.earnings'],
      key: 'earnings',
      align: 'right',
      render: (_, r) => <Typography.Text strong>{yuan(r.earnings)}</Typography.Text>,
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid={`breakdown-total-${type}`}>
          {t['financeViews.breakdown.total'](yuan(details.data?.totalEarnings ?? 0))}
        </Typography.Text>
        {/* Each tab's payments as a CSV file (the seed's per-view and gift-reward, and the shop's sales beside them). */}
        {canDownload && (
          <Button
            size="small"
            data-testid={`breakdown-download-${type}`}
            onClick={() =>
              void downloadFile(exportCalls.downloadGainDetails, { params: { userId: agentId }, query: { type } })
            }
          >
            {t['financeViews.breakdown.download']}
          </Button>
        )}
      </Flex>
      <Table<IncomeRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={details.data?.items}
        loading={details.isFetching}
        locale={{ emptyText: t['financeViews.empty.income'] }}
        pagination={{
          current: page,
          pageSize: INCOME_PAGE_SIZE,
          total: details.data?.pager.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        data-testid={`breakdown-${type}`}
      />
    </>
  );
}

/** The account detail tab: every entry on the agent's money, 5 a page, with the balance after it. */
function AccountDetailTab({ agentId }: { agentId: number }) {
  const [page, setPage] = useState(1);
  const detail = useQuery(transactionsQuery(agentId, page));
  const columns: TableProps<AccountTransaction>['columns'] = [
    { title: t['financeViews.column.time'], key: 'time', width: 170, render: (_, r) => time(r.createdAt) },
    {
      title: t['financeViews.column.kind'],
      key: 'kind',
      render: (_, r) => <Tag color={r.amount >= 0 ? 'green' : 'orange'}>{t[`financeViews.kind.${r.kind}`]}</Tag>,
    },
    {
      title: t['financeViews.column.memo'],
      key: 'memo',
      render: (_, r) => [r.activityName, r.memo].filter(Boolean).join(' · ') || '—',
    },
    {
      title: t['financeViews.column.change'],
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.amount >= 0 ? 'success' : 'warning'}>{yuan(r.amount, true)}</Typography.Text>
      ),
    },
    { title: t['financeViews.column.balance'], key: 'balance', align: 'right', render: (_, r) => yuan(r.balance) },
  ];
  return (
    <Table<AccountTransaction>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={detail.data?.items}
      loading={detail.isFetching}
      pagination={{
        current: page,
        pageSize: INCOME_PAGE_SIZE,
        total: detail.data?.pager.total ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
      data-testid="breakdown-account"
    />
  );
}

/**
 * The income breakdown (seed 000 §3): per-view, gift-reward and account detail, each 5 a page. Shown in the finance
 * centre for the agent itself and in agent administration for a lower agent; the downloads are the agent's own.
 */
export function IncomeBreakdown({ agentId, canDownload }: { agentId: number; canDownload: boolean }) {
  return (
    <Tabs
      items={[
        {
          key: 'per-view',
          label: t['financeViews.type.per-view'],
          children: <IncomeTab agentId={agentId} type="per-view" canDownload={canDownload} />,
        },
        {
          key: 'gift-reward',
          label: t['financeViews.type.gift-reward'],
          children: <IncomeTab agentId={agentId} type="gift-reward" canDownload={canDownload} />,
        },
        {
          key: 'goods',
          label: t['financeViews.type.goods'],
          children: <IncomeTab agentId={agentId} type="goods" canDownload={canDownload} />,
        },
        {
          key: 'account',
          label: t['financeViews.breakdown.account'],
          children: <AccountDetailTab agentId={agentId} />,
        },
      ]}
    />
  );
}
