import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CASH_AMOUNT, fenToYuan, MONEY_MAX } from '@yanbo/contracts';
import { Alert, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { balanceQuery, cardsQuery, useMoneyMutations } from '../api/money';

const toFen = (yuan: number) => Math.round(yuan * 100);

/**
 * 提现 (seed 001 §4): to one of the agent's bank accounts, 1 yuan unless changed (seed 001 §9); the modal closes and
 * 提交成功 shows. One deliveryId per opening, so a double click submits one withdrawal.
 */
export function WithdrawModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ cardId: number; amountYuan: number }>();
  const cards = useQuery(cardsQuery());
  const balance = useQuery(balanceQuery());
  const { withdraw, reload } = useMoneyMutations();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key each time the modal opens
  const deliveryId = useMemo(() => crypto.randomUUID(), [open]);
  const accounts = cards.data?.accountList ?? [];

  const submit = async () => {
    const values = await form.validateFields();
    withdraw.mutate(
      { cardId: values.cardId, amount: toFen(values.amountYuan), deliveryId },
      {
        onSuccess: () => {
          onClose();
          void reload();
        },
      },
    );
  };

  return (
    <Modal
      title={t['finance.withdraw.title']}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t['finance.withdraw.submit']}
      okButtonProps={{ disabled: accounts.length === 0 }}
      confirmLoading={withdraw.isPending}
      destroyOnHidden
    >
      {accounts.length === 0 && <Alert type="info" showIcon message={t['finance.withdraw.noCard']} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ amountYuan: DEFAULT_CASH_AMOUNT, cardId: accounts[0]?.id }}
        data-testid="withdraw-form"
      >
        <Form.Item name="cardId" label={t['finance.withdraw.card']} rules={[{ required: true }]}>
          <Select
            options={accounts.map((card) => ({
              value: card.id,
              label: `${card.bank} ${card.cardNo}（${card.holder}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="amountYuan" label={t['finance.withdraw.amount']} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={MONEY_MAX / 100} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </Form>
      {balance.data && (
        <Typography.Text type="secondary">
          {t['finance.withdraw.available'](fenToYuan(balance.data.balance))}
        </Typography.Text>
      )}
    </Modal>
  );
}

/** 出账申请 (seed 001 §3 outflow: remark and amount), reviewed as a withdrawal is. */
export function OutflowModal({ open, agentId, onClose }: { open: boolean; agentId: number; onClose: () => void }) {
  const [form] = Form.useForm<{ remark: string; amountYuan: number }>();
  const { outflow, reload } = useMoneyMutations();
  const submit = async () => {
    const values = await form.validateFields();
    outflow.mutate(
      { agentId, body: { remark: values.remark ?? '', amount: toFen(values.amountYuan) } },
      {
        onSuccess: () => {
          onClose();
          void reload();
        },
      },
    );
  };
  return (
    <Modal
      title={t['finance.outflow.title']}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={outflow.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ amountYuan: DEFAULT_CASH_AMOUNT, remark: '' }}>
        <Form.Item name="amountYuan" label={t['finance.outflow.amount']} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={MONEY_MAX / 100} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="remark" label={t['finance.outflow.remark']}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
