import { SMS_RESEND_SECONDS } from '@yanbo/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { accountTexts } from '../../../locales/zh-CN/account';

interface SmsCodeButtonProps {
  /** Sends the code; resolves when the server accepted it (the countdown starts then). */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
}

/** 获取验证码, then a countdown until the code may be sent again. */
export function SmsCodeButton({ onSend, disabled }: SmsCodeButtonProps) {
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
    <Button onClick={send} loading={sending} disabled={disabled || left > 0} style={{ minWidth: 112 }}>
      {left > 0 ? accountTexts.resendIn(left) : accountTexts.sendCode}
    </Button>
  );
}
