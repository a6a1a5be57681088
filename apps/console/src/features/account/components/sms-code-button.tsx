import { Button } from 'antd';
import { accountTexts } from '../../../locales/zh-CN/account';
import { useSmsCountdown } from './use-sms-countdown';

interface SmsCodeButtonProps {
  /** Sends the code; resolves when the server accepted it (the countdown starts then). */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
}

/** 获取验证码, then a countdown until the code may be sent again. */
export function SmsCodeButton({ onSend, disabled }: SmsCodeButtonProps) {
  const { left, sending, send } = useSmsCountdown(onSend);
  return (
    <Button onClick={send} loading={sending} disabled={disabled || left > 0} style={{ minWidth: 112 }}>
      {left > 0 ? accountTexts.resendIn(left) : accountTexts.sendCode}
    </Button>
  );
}
