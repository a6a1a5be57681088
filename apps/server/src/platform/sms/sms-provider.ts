import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsPurpose } from '@yanbo/contracts';

/**
 * One message: a verification code for a purpose, or the reminder that an activity a viewer subscribed to (预约) has
 * started, whose one template variable is the activity's name.
 */
export type SmsMessage =
  | { mobile: string; purpose: SmsPurpose; code: string }
  | { mobile: string; purpose: 'reminder'; activity: string }
  | { mobile: string; purpose: 'review'; form: string; result: string };

/** A reminder's activity name as its template variable: gateways cap a variable's length, so a long name is cut. */
export const REMINDER_NAME_MAX = 20;
export const reminderName = (name: string) =>
  [...name].length > REMINDER_NAME_MAX ? `${[...name].slice(0, REMINDER_NAME_MAX - 1).join('')}…` : name;

/** The template's variables: `{code}` for a code, `{activity}` for a reminder, `{form}` and `{result}` for a review. */
export const templateParams = (message: SmsMessage): Record<string, string> => {
  if (message.purpose === 'reminder') return { activity: reminderName(message.activity) };
  if (message.purpose === 'review') return { form: reminderName(message.form), result: message.result };
  return { code: message.code };
};

/**
 * Where SMS messages go. A real gateway implements the same interface: send resolves once the gateway
 * accepted the message, and rejects with an SmsRefusedError when it refused it (or could not be reached).
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * Why a gateway refused: `limit` (its flow control for this mobile), `mobile` (a number it cannot deliver to),
 * `unavailable` (anything else: credentials, signature, template, balance, network), which is the operator's to fix.
 */
export type SmsRefusalReason = 'limit' | 'mobile' | 'unavailable';

export class SmsRefusedError extends Error {
  readonly reason: SmsRefusalReason;
  /** The vendor's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberDailyLimit), for the log. */
  readonly vendorCode: string;
  constructor(reason: SmsRefusalReason, vendorCode: string, detail: string) {
    super(`SMS gateway refused (${vendorCode}): ${detail}`);
    this.name = 'SmsRefusedError';
    this.reason = reason;
    this.vendorCode = vendorCode;
  }
}

/** How long a gateway may take before a send is given up as unavailable. */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  signup: '注册',
  login: '登录',
  lostpass: '找回密码',
  mobile: '更换手机号',
  verify: '身份验证',
  subscribe: '预约',
  viewer: '观看登录',
};

/**
 * Prints each message and appends it as one JSON line to DATA_DIR/sms-outbox.jsonl: `{mobile, purpose, code, sentAt}`
 * for a code, `{mobile, purpose: 'reminder', activity, sentAt}` for a reminder.
 */
export function createLogSmsProvider(dataDir: string, log: (line: string) => void): SmsProvider {
  const outbox = path.join(dataDir, 'sms-outbox.jsonl');
  return {
    name: 'log',
    async send(message) {
      const sentAt = new Date().toISOString();
      await mkdir(dataDir, { recursive: true });
      await appendFile(outbox, `${JSON.stringify({ ...message, sentAt })}\n`);
      log(
        message.purpose === 'reminder'
          ? `[sms:log] to ${message.mobile}: 【演播】您预约的直播「${reminderName(message.activity)}」已开始，欢迎观看。`
          : message.purpose === 'review'
            ? `[sms:log] to ${message.mobile}: 【演播】您提交的报名「${reminderName(message.form)}」审核${message.result}。`
            : `[sms:log] to ${message.mobile}: 【演播】您的${PURPOSE_TEXT[message.purpose]}验证码是 ${message.code}，10 分钟内有效。`,
      );
    },
  };
}
