import { SMS_RESEND_SECONDS } from '@yanbo/contracts';
import { useEffect, useState } from 'react';
import { accountTexts } from '../../../../locales/zh-CN/account';
import { Button, type FieldProps, Row, styles, TextField } from './controls';

/** 获取验证码, then a countdown until the code may be sent again. */
export function SmsCodeButton({ onSend, disabled }: { onSend: () => Promise<unknown>; disabled?: boolean }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      await onSend();
      setLeft(SMS_RESEND_SECONDS);
    } catch {
      // The caller shows the failure.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={send} loading={sending} disabled={disabled || left > 0} className={styles.smsButton}>
      {left > 0 ? accountTexts.resendIn(left) : accountTexts.sendCode}
    </Button>
  );
}

/** The SMS code's field with its send button beside it. */
export function CodeField({
  field,
  onSend,
  disabled,
}: {
  field: FieldProps;
  onSend: () => Promise<unknown>;
  disabled?: boolean;
}) {
  return (
    <Row>
      <TextField
        icon="safety"
        placeholder={accountTexts.codePlaceholder}
        maxLength={6}
        field={field}
        className={styles.grow}
      />
      <SmsCodeButton onSend={onSend} disabled={disabled} />
    </Row>
  );
}
