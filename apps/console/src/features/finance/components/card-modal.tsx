import { BANK_NAMES, type BankName, DEFAULT_BANK_NAME } from '@yanbo/contracts';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { useMoneyMutations } from '../api/money';

interface CardForm {
  type: 'debit';
  holder: string;
  bank: BankName;
  cardNo: string;
  mobile: string;
  code: string;
}

/** 添加银行账户 (seed 001 §4): the mobile confirmed by an SMS code; the modal closes, then the accounts reload. */
export function CardModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CardForm>();
  const { sendCardSms, addCard, reload } = useMoneyMutations();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    sendCardSms.mutate(mobile, { onSuccess: (sent) => setWait(sent.resendAfter) });
  };

  const submit = async () => {
    const values = await form.validateFields();
    addCard.mutate(values, {
      onSuccess: () => {
        onClose();
        form.resetFields();
        void reload();
      },
    });
  };

  return (
    <Modal
      title={t['finance.card.title']}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={addCard.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: 'debit', bank: DEFAULT_BANK_NAME }}
        data-testid="card-form"
      >
        <Form.Item name="type" label={t['finance.card.type']}>
          <Select options={[{ value: 'debit', label: t['finance.card.type.debit'] }]} />
        </Form.Item>
        <Form.Item
          name="holder"
          label={t['finance.card.holder']}
          rules={[{ required: true, whitespace: true, message: t['finance.card.holderRequired'] }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="bank" label={t['finance.card.bank']}>
          <Select options={BANK_NAMES.map((bank) => ({ value: bank, label: bank }))} />
        </Form.Item>
        <Form.Item
          name="cardNo"
          label={t['finance.card.cardNo']}
          rules={[{ required: true, pattern: /^\d{12,19}$/, message: t['finance.card.cardNoInvalid'] }]}
        >
          <Input inputMode="numeric" maxLength={19} />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t['finance.card.mobile']}
          rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: t['finance.card.mobileInvalid'] }]}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item label={t['finance.card.code']} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, pattern: /^\d{6}$/, message: t['finance.card.codeInvalid'] }]}
            >
              <Input inputMode="numeric" maxLength={6} aria-label={t['finance.card.code']} />
            </Form.Item>
            <Button onClick={sendCode} disabled={wait > 0} loading={sendCardSms.isPending}>
              {wait > 0 ? t['finance.card.resend'](wait) : t['finance.card.sendCode']}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
