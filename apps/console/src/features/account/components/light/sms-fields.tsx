import { accountTexts } from '../../../../locales/zh-CN/account';
import { useSmsCountdown } from '../use-sms-countdown';
import { Button, type FieldProps, Row, styles, TextField } from './controls';

/** 获取验证码, then a countdown until the code may be sent again. */
export function SmsCodeButton({ onSend, disabled }: { onSend: () => Promise<unknown>; disabled?: boolean }) {
  const { left, sending, send } = useSmsCountdown(onSend);
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
