import {
  type AgentSmsSendBody,
  ERROR_CODES,
  ERROR_MESSAGES,
  parseSmsSignature,
  SMS_SIGNATURE_MAX_AGE_SECONDS,
  type SmsSendBody,
  type SmsVerifyBody,
  smsSignature,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import { safeEqual } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { findAgentByMobile } from './account-service.ts';
import { checkSmsCode, issueSmsCode } from './sms-codes.ts';

export interface SmsDeps {
  db: Db;
  sms: SmsProvider;
  secretKey: string;
}

/** The signed public send (POST /sms): the timestamp must be fresh and the hash must match. */
export function assertSmsSignature(header: string | undefined, mobile: string, now = Date.now()) {
  const signature = parseSmsSignature(header);
  const invalid = badRequest('Invalid SMS signature', ERROR_CODES.smsSignature);
  if (!signature) throw invalid;
  if (Math.abs(now - signature.timestampMs) > SMS_SIGNATURE_MAX_AGE_SECONDS * 1000) throw invalid;
  if (!safeEqual(smsSignature(mobile, signature.timestampMs), `${signature.timestampMs}.${signature.hash}`))
    throw invalid;
}

export async function sendPublicSms(deps: SmsDeps, body: SmsSendBody, ip: string) {
  const registered = (await findAgentByMobile(deps.db, body.mobile)) !== undefined;
  if (body.purpose === 'signup' && registered) {
    throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
  }
  if (body.purpose !== 'signup' && !registered) throw notFound(ERROR_MESSAGES.agentNotFound);
  return issueSmsCode(deps, body.mobile, body.purpose, ip);
}

/** Signed-in send: a code to a new mobile before changing to it, or to the account's own mobile to verify. */
export async function sendAgentSms(deps: SmsDeps, caller: Caller, body: AgentSmsSendBody, ip: string) {
  const agent = await deps.db
    .selectFrom('agents')
    .select('mobile')
    .where('id', '=', caller.agentId)
    .executeTakeFirstOrThrow();
  if (body.purpose === 'verify') return issueSmsCode(deps, agent.mobile, 'verify', ip);
  if (!body.mobile) throw badRequest('mobile: Required', ERROR_CODES.validation, 'mobile');
  if (body.mobile === agent.mobile) throw badRequest('Mobile unchanged', ERROR_CODES.mobileUnchanged, 'mobile');
  if (await findAgentByMobile(deps.db, body.mobile)) {
    throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
  }
  return issueSmsCode(deps, body.mobile, 'mobile', ip);
}

/** Checks a code without spending it, so a two-step form (lost password) can verify before its final step. */
export async function verifySms(deps: SmsDeps, body: SmsVerifyBody) {
  await checkSmsCode(deps.db, deps.secretKey, { ...body, consume: false });
  return { verified: true as const };
}
