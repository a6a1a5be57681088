import { useQuery } from '@tanstack/react-query';
import { financeViewCalls, type MonthlyStatement, STATEMENT_TASK_KIND } from '@yanbo/contracts';
import { Alert, Button, DatePicker, Flex, Space, Table, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { financeAccountNames, financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import { useStartTask } from '../../download-center';
import { downloadFile } from '../../exports';
import { ledgerCheckQuery, statementQuery } from '../api/views';
import { currentMonth, yuan } from '../finance-views-rules';

type StatementAccount = MonthlyStatement['accounts'][number];
const accountName = (account: string) => financeAccountNames[account] ?? account;

/**
 * 对账单: the month's statement of every ledger account (opening, debits, credits, closing), its CSV, its PDF made in
 * the download center, and the ledger check.
 */
export function StatementPanel({ agentId }: { agentId: number }) {
  const [month, setMonth] = useState(currentMonth());
  const statement = useQuery(statementQuery(agentId, month));
  const check = useQuery(ledgerCheckQuery());
  const { start, starting } = useStartTask();
  const columns: TableProps<StatementAccount>['columns'] = [
    { title: t['financeViews.statement.account'], key: 'account', render: (_, r) => accountName(r.account) },
    { title: t['financeViews.statement.opening'], key: 'opening', align: 'right', render: (_, r) => yuan(r.opening) },
    { title: t['financeViews.statement.debits'], key: 'debits', align: 'right', render: (_, r) => yuan(r.debits) },
    { title: t['financeViews.statement.credits'], key: 'credits', align: 'right', render: (_, r) => yuan(r.credits) },
    {
      title: t['financeViews.statement.closing'],
      key: 'closing',
      align: 'right',
      render: (_, r) => <Typography.Text strong>{yuan(r.closing)}</Typography.Text>,
    },
    { title: t['financeViews.statement.entries'], dataIndex: 'entries', key: 'entries', align: 'right' },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space>
          <Typography.Text>{t['financeViews.statement.month']}</Typography.Text>
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
            data-testid="statement-month"
          />
        </Space>
        <Space>
          <Button
            onClick={() =>
              void downloadFile(financeViewCalls.downloadStatement, { params: { id: agentId }, query: { month } })
            }
          >
            {t['financeViews.statement.csv']}
          </Button>
          <Button
            loading={starting}
            onClick={() =>
              void start({ label: 'download', kind: STATEMENT_TASK_KIND, params: { month } }).catch(() => {})
            }
          >
            {t['financeViews.statement.pdf']}
          </Button>
          <Button loading={check.isFetching} onClick={() => void check.refetch()} data-testid="ledger-check">
            {t['financeViews.ledger.check']}
          </Button>
        </Space>
      </Flex>
      {check.data && (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          type={check.data.ok ? 'success' : 'error'}
          title={
            check.data.ok
              ? t['financeViews.ledger.ok'](check.data.entries, check.data.txns)
              : t['financeViews.ledger.problems'](check.data.problems.length)
          }
          description={check.data.problems.map((problem) => (
            <div key={`${problem.check}-${problem.subject}`}>
              {`${problem.subject}: ${problem.check} (${yuan(problem.expected)} ≠ ${yuan(problem.found)})`}
            </div>
          ))}
        />
      )}
      <Typography.Paragraph type="secondary">{t['financeViews.statement.hint']}</Typography.Paragraph>
      <Table<StatementAccount>
        rowKey="account"
        size="small"
        columns={columns}
        dataSource={statement.data?.accounts}
        loading={statement.isFetching}
        locale={{ emptyText: t['financeViews.statement.empty'] }}
        pagination={false}
        data-testid="statement-accounts"
      />
    </>
  );
}
