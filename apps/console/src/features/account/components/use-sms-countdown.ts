import { SMS_RESEND_SECONDS } from '@yanbo/contracts';
import { useEffect, useState } from 'react';

/**
 * 获取验证码's state: `send` sends the code and, once the server accepted it, counts SMS_RESEND_SECONDS down until
 * the code may be sent again (`left`); a failure is the caller's to show.
 */
export function useSmsCountdown(onSend: () => Promise<unknown>) {
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
  return { left, sending, send };
}
