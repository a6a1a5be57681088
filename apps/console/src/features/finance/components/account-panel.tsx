import { useQuery } from '@tanstack/react-query';
import { fenToYuan, WITHDRAW_PAGE_SIZE, type Withdrawal } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Button, Card, Col, Empty, Flex, List, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { balanceQuery, cardsQuery, cashListQuery } from '../api/money';
import { CardModal } from './card-modal';
import { RechargeModal } from './recharge';
import { OutflowModal, WithdrawModal } from './withdraw-modal';

const STATUS_COLORS = { pending: 'processing', paid: 'success', rejected: 'default' } as const;

export const statusTag = (status: Withdrawal['status']) => (
  <Tag color={STATUS_COLORS[status]}>{t[`finance.cash.status.${status}`]}</Tag>
);

export const cashColumns = [
  { title: t['finance.cash.column.time'], dataIndex: 'createdAt', render: formatBeijingTime, width: 170 },
  {
    title: t['finance.cash.column.kind'],
    dataIndex: 'kind',
    render: (kind: Withdrawal['kind']) => t[`finance.cash.kind.${kind}`],
  },
  {
    title: t['finance.cash.column.account'],
    key: 'account',
    render: (_: unknown, w: Withdrawal) => (w.cardId === null ? '-' : `${w.bank} ${w.cardNo}`),
  },
  { title: t['finance.cash.column.amount'], dataIndex: 'amount', render: (fen: number) => fenToYuan(fen) },
  { title: t['finance.cash.column.status'], dataIndex: 'status', render: statusTag },
  { title: t['finance.cash.column.reference'], dataIndex: 'reference', render: (v: string) => v || '-' },
  { title: t['finance.cash.column.remark'], dataIndex: 'remark', render: (v: string) => v || '-' },
];

type Dialog = 'withdraw' | 'outflow' | 'recharge' | 'card' | null;

/** 账户余额: the ledger's balance, the bank accounts, the cash list and the ways money moves in and out. */
export function AccountPanel({ agentId }: { agentId: number }) {
  const balance = useQuery(balanceQuery());
  const cards = useQuery(cardsQuery());
  const [page, setPage] = useState(1);
  const cash = useQuery(cashListQuery(page));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const figure = (fen: number | undefined) => (fen === undefined ? '-' : fenToYuan(fen));

  return (
    <Flex vertical gap={16}>
      <Card>
        <Row gutter={24} align="middle">
          <Col flex="auto">
            <Statistic
              title={t['finance.balance']}
              value={figure(balance.data?.balance)}
              prefix="¥"
              data-testid="account-balance"
            />
          </Col>
          <Col>
            <Flex gap={8}>
              <Button type="primary" onClick={() => setDialog('withdraw')}>
                {t['finance.withdraw']}
              </Button>
              <Button onClick={() => setDialog('outflow')}>{t['finance.outflow']}</Button>
              <Button onClick={() => setDialog('recharge')}>{t['finance.recharge']}</Button>
            </Flex>
          </Col>
        </Row>
        <Row gutter={24} style={{ marginTop: 16 }}>
          {(['income', 'recharged', 'withdrawn', 'pending'] as const).map((key) => (
            <Col key={key} span={6}>
              <Statistic title={t[`finance.balance.${key}`]} value={figure(balance.data?.[key])} prefix="¥" />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t['finance.balance.hint']}
        </Typography.Paragraph>
      </Card>
      <Card
        title={t['finance.cards']}
        extra={<Button onClick={() => setDialog('card')}>{t['finance.cards.add']}</Button>}
        data-testid="bank-accounts"
      >
        <List
          dataSource={cards.data?.accountList ?? []}
          loading={cards.isLoading}
          locale={{ emptyText: <Empty description={t['finance.cards.empty']} /> }}
          renderItem={(card) => (
            <List.Item>
              <List.Item.Meta
                title={`${card.bank} ${card.cardNo}`}
                description={`${card.holder} · ${t['finance.card.type.debit']} · ${card.mobile}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card title={t['finance.cash.title']}>
        <Table<Withdrawal>
          rowKey="id"
          size="small"
          columns={cashColumns}
          dataSource={cash.data?.cashList ?? []}
          loading={cash.isLoading}
          locale={{ emptyText: t['finance.cash.empty'] }}
          pagination={{
            current: page,
            pageSize: WITHDRAW_PAGE_SIZE,
            total: cash.data?.pager.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid="cash-list"
        />
      </Card>
      <WithdrawModal open={dialog === 'withdraw'} onClose={close} />
      <OutflowModal open={dialog === 'outflow'} agentId={agentId} onClose={close} />
      <RechargeModal open={dialog === 'recharge'} agentId={agentId} onClose={close} />
      <CardModal open={dialog === 'card'} onClose={close} />
    </Flex>
  );
}
