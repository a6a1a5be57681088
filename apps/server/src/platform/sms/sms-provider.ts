import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsPurpose } from '@yanbo/contracts';

export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

/**
 * Where SMS verification codes go. A real gateway implements the same interface: send resolves once the gateway
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
};

/** Prints each message and appends it as one JSON line to DATA_DIR/sms-outbox.jsonl. */
export function createLogSmsProvider(dataDir: string, log: (line: string) => void): SmsProvider {
  const outbox = path.join(dataDir, 'sms-outbox.jsonl');
  return {
    name: 'log',
    async send({ mobile, code, purpose }) {
      const sentAt = new Date().toISOString();
      await mkdir(dataDir, { recursive: true });
      await appendFile(outbox, `${JSON.stringify({ mobile, code, purpose, sentAt })}\n`);
      log(`[sms:log] to ${mobile}: 【演播】您的${PURPOSE_TEXT[purpose]}验证码是 ${code}，10 分钟内有效。`);
    },
  };
}
