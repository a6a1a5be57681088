import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsPurpose } from '@yanbo/contracts';

export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

/** Where SMS verification codes go. A real gateway implements the same interface. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

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
