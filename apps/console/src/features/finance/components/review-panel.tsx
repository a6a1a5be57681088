import { useQuery } from '@tanstack/react-query';
import { fenToYuan, WITHDRAW_PAGE_SIZE, type WithdrawalReview } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Button, Flex, Form, Input, Modal, Popconfirm, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { reviewQuery, useReviewMutations } from '../api/money';
import { statusTag } from './account-panel';

type Filter = WithdrawalReview['status'] | 'all';

/** 提现审核: the lower agents' withdrawals and outflows; approve with the transfer's reference, or reject. */
export function ReviewPanel() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery(reviewQuery(page, filter === 'all' ? undefined : filter));
  const { approve, reject } = useReviewMutations();
  const [approving, setApproving] = useState<WithdrawalReview | null>(null);
  const [form] = Form.useForm<{ reference: string }>();

  const submitApproval = async () => {
    if (!approving) return;
    const { reference } = await form.validateFields();
    approve.mutate(
      { id: approving.id, body: { reference } },
      {
        onSuccess: () => {
          setApproving(null);
          form.resetFields();
        },
      },
    );
  };

  const columns = [
    { title: t['finance.cash.column.time'], dataIndex: 'createdAt', render: formatBeijingTime, width: 170 },
    {
      title: t['finance.review.column.agent'],
      key: 'agent',
      render: (_: unknown, w: WithdrawalReview) => `${w.company || w.contact || w.agentId}（${w.agentId}）`,
    },
    {
      title: t['finance.cash.column.kind'],
      dataIndex: 'kind',
      render: (kind: WithdrawalReview['kind']) => t[`finance.cash.kind.${kind}`],
    },
    {
      title: t['finance.cash.column.account'],
      key: 'account',
      render: (_: unknown, w: WithdrawalReview) => (w.cardId === null ? '-' : `${w.bank} ${w.cardNo} ${w.holder}`),
    },
    { title: t['finance.cash.column.amount'], dataIndex: 'amount', render: (fen: number) => fenToYuan(fen) },
    { title: t['finance.cash.column.remark'], dataIndex: 'remark', render: (v: string) => v || '-' },
    { title: t['finance.cash.column.status'], dataIndex: 'status', render: statusTag },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, w: WithdrawalReview) =>
        w.status === 'pending' ? (
          <Flex gap={8}>
            <Button size="small" type="primary" onClick={() => setApproving(w)}>
              {t['finance.review.approve']}
            </Button>
            <Popconfirm title={t['finance.review.rejectConfirm']} onConfirm={() => reject.mutate(w.id)}>
              <Button size="small" danger>
                {t['finance.review.reject']}
              </Button>
            </Popconfirm>
          </Flex>
        ) : (
          w.reference || null
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t['finance.review.hint']}
      </Typography.Paragraph>
      <Segmented<Filter>
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        options={[
          { value: 'pending', label: t['finance.cash.status.pending'] },
          { value: 'paid', label: t['finance.cash.status.paid'] },
          { value: 'rejected', label: t['finance.cash.status.rejected'] },
          { value: 'all', label: t['finance.review.filter.all'] },
        ]}
        style={{ width: 'fit-content' }}
      />
      <Table<WithdrawalReview>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isLoading}
        locale={{ emptyText: t['finance.review.empty'] }}
        pagination={{
          current: page,
          pageSize: WITHDRAW_PAGE_SIZE,
          total: list.data?.pager.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="withdraw-review"
      />
      <Modal
        title={t['finance.review.approve']}
        open={approving !== null}
        onCancel={() => setApproving(null)}
        onOk={submitApproval}
        confirmLoading={approve.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reference"
            label={t['finance.review.reference']}
            rules={[{ required: true, whitespace: true, message: t['finance.review.referenceRequired'] }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
