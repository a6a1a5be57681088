import { useQuery } from '@tanstack/react-query';
import {
  CHARGE_SELECTIONS,
  DEFAULT_CHARGE_SELECTION,
  DEFAULT_CHARGE_VALUE,
  fenToYuan,
  MONEY_MAX,
} from '@yanbo/contracts';
import { Button, Flex, InputNumber, Modal, Radio, Result, Spin } from 'antd';
import { useState } from 'react';
import { financeTexts as t } from '../../../locales/zh-CN/finance';
import { rechargeResultQuery, useMoneyMutations } from '../api/money';

const CUSTOM = 'custom';

/**
 * 账户充值: the presets with 200 yuan selected and a custom value starting at 1 yuan (seed 001 §9 default charge
 * selection and value); 去支付 goes to the pay provider's page, which returns to the result.
 */
export function RechargeModal({ open, agentId, onClose }: { open: boolean; agentId: number; onClose: () => void }) {
  const [selection, setSelection] = useState<number | typeof CUSTOM>(DEFAULT_CHARGE_SELECTION);
  const [custom, setCustom] = useState<number | null>(DEFAULT_CHARGE_VALUE);
  const { recharge } = useMoneyMutations();
  const yuan = selection === CUSTOM ? custom : selection;
  return (
    <Modal
      title={t['finance.recharge.title']}
      open={open}
      onCancel={onClose}
      okText={t['finance.recharge.submit']}
      okButtonProps={{ disabled: !yuan }}
      confirmLoading={recharge.isPending}
      onOk={() => yuan && recharge.mutate({ agentId, amount: Math.round(yuan * 100) })}
    >
      <Flex vertical gap={16}>
        <span>{t['finance.recharge.selection']}</span>
        <Radio.Group
          value={selection}
          onChange={(event) => setSelection(event.target.value)}
          optionType="button"
          options={[
            ...CHARGE_SELECTIONS.map((value) => ({ value, label: t['finance.yuan'](String(value)) })),
            { value: CUSTOM, label: t['finance.recharge.custom'] },
          ]}
        />
        {selection === CUSTOM && (
          <InputNumber
            value={custom}
            onChange={setCustom}
            min={0.01}
            max={MONEY_MAX / 100}
            precision={2}
            style={{ width: 200 }}
            aria-label={t['finance.recharge.custom']}
          />
        )}
      </Flex>
    </Modal>
  );
}

/** 充值结果: polls the recharge until it is paid or failed. */
export function RechargeResult({ agentId, orderId, onBack }: { agentId: number; orderId: number; onBack: () => void }) {
  const result = useQuery(rechargeResultQuery(agentId, orderId));
  const status = result.data?.status ?? 'init';
  const back = (
    <Button type="primary" onClick={onBack}>
      {t['finance.recharge.result.back']}
    </Button>
  );
  if (status === 'paid' && result.data) {
    return (
      <Result
        status="success"
        title={t['finance.recharge.result.paid'](fenToYuan(result.data.amount))}
        extra={back}
        data-testid="recharge-result"
      />
    );
  }
  if (status === 'failed' || result.isError) {
    return (
      <Result status="error" title={t['finance.recharge.result.failed']} extra={back} data-testid="recharge-result" />
    );
  }
  return (
    <Result
      icon={<Spin size="large" />}
      title={t['finance.recharge.result.init']}
      extra={back}
      data-testid="recharge-result"
    />
  );
}
