import { randomInt } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_MOBILE_PER_DAY,
  SMS_MAX_VERIFY_ATTEMPTS,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
  type SmsSent,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { hmac, safeEqual } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, HttpError, tooManyRequests } from '../../platform/errors.ts';
import { type SmsProvider, SmsRefusedError } from '../../platform/sms/sms-provider.ts';

export interface SmsCodeDeps {
  db: Db;
  sms: SmsProvider;
  secretKey: string;
}

const codeHash = (secretKey: string, mobile: string, purpose: string, code: string) =>
  hmac(secretKey, `${mobile}:${purpose}:${code}`);

/**
 * Issues a code: one per minute per mobile and purpose, a daily cap per mobile, an hourly cap per IP. A code sent for
 * an agent's activity (a viewer subscribing) names the agent, whose SMS usage counts it.
 */
export async function issueSmsCode(
  deps: SmsCodeDeps,
  mobile: string,
  purpose: SmsPurpose,
  ip: string,
  agentId: number | null = null,
): Promise<SmsSent> {
  const now = Date.now();
  // Sends to one mobile and from one address take turns (the counts and the insert in one transaction under both
  // locks, taken in one order), so parallel requests cannot all pass the counts before any is recorded: 45 sends at
  // once from one address went past the cap of 30 before. The locks are the database's, so several processes agree.
  const issued = await deps.db.transaction().execute(async (trx) => {
    for (const key of [`sms-ip:${ip}`, `sms-mobile:${mobile}`].sort()) {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    }
    const counts = await trx
      .selectFrom('smsCodes')
      .select((eb) => [
        eb.fn
          .countAll<string>()
          .filterWhere('mobile', '=', mobile)
          .filterWhere('purpose', '=', purpose)
          .filterWhere('createdAt', '>', new Date(now - SMS_RESEND_SECONDS * 1000))
          .as('recent'),
        eb.fn
          .countAll<string>()
          .filterWhere('mobile', '=', mobile)
          .filterWhere('purpose', '!=', 'reminder')
          .filterWhere('createdAt', '>', new Date(now - 86_400_000))
          .as('today'),
        eb.fn
          .countAll<string>()
          .filterWhere('ip', '=', ip)
          .filterWhere('createdAt', '>', new Date(now - 3_600_000))
          .as('fromIp'),
      ])
      .where((eb) => eb.or([eb('mobile', '=', mobile), eb('ip', '=', ip)]))
      .where('createdAt', '>', new Date(now - 86_400_000))
      .executeTakeFirstOrThrow();
    if (Number(counts.recent) > 0) throw tooManyRequests('SMS sent too frequently', ERROR_CODES.smsTooFrequent);
    if (Number(counts.today) >= SMS_MAX_PER_MOBILE_PER_DAY || Number(counts.fromIp) >= SMS_MAX_PER_IP_PER_HOUR) {
      throw tooManyRequests('SMS limit reached', ERROR_CODES.smsDailyLimit);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = await trx
      .insertInto('smsCodes')
      .values({
        mobile,
        purpose,
        ip,
        agentId,
        codeHash: codeHash(deps.secretKey, mobile, purpose, code),
        expiresAt: new Date(now + SMS_CODE_TTL_SECONDS * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  });
  const { code } = issued;
  try {
    await deps.sms.send({ mobile, code, purpose });
  } catch (error) {
    // A code the gateway refused never reached anyone: it is not kept, and counts toward no limit.
    await deps.db.deleteFrom('smsCodes').where('id', '=', issued.id).execute();
    throw smsRefusal(error);
  }
  return { mobile, resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
}

/** A gateway's refusal as the caller sees it: its limit, a number it cannot reach, or the service being down. */
function smsRefusal(error: unknown): Error {
  if (!(error instanceof SmsRefusedError)) return error instanceof Error ? error : new Error(String(error));
  if (error.reason === 'limit') return tooManyRequests('SMS gateway limit reached', ERROR_CODES.smsGatewayLimit);
  if (error.reason === 'mobile')
    return badRequest('Mobile cannot receive SMS', ERROR_CODES.smsMobileRejected, 'mobile');
  return new HttpError(503, 'SMS service unavailable', ERROR_CODES.smsUnavailable);
}

/**
 * Checks a code against the newest live one for the mobile and purpose. consume: true spends it (single use); a wrong
 * guess counts an attempt, and a code with too many wrong guesses is dead. Each check takes an attempt before comparing
 * and gives it back when the code is right, so parallel guesses cannot all be compared against one count.
 */
export async function checkSmsCode(
  db: Db,
  secretKey: string,
  input: { mobile: string; purpose: SmsPurpose; code: string; consume: boolean },
): Promise<void> {
  const row = await db
    .selectFrom('smsCodes')
    .select(['id', 'codeHash'])
    .where('mobile', '=', input.mobile)
    .where('purpose', '=', input.purpose)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const error = badRequest(ERROR_MESSAGES.verificationCode, ERROR_CODES.verificationCode, 'code');
  if (!row) throw error;
  const taken = await db
    .updateTable('smsCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', SMS_MAX_VERIFY_ATTEMPTS)
    .executeTakeFirst();
  if (taken.numUpdatedRows === 0n) throw error;
  if (!safeEqual(row.codeHash, codeHash(secretKey, input.mobile, input.purpose, input.code))) throw error;
  let giveBack = db
    .updateTable('smsCodes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1), ...(input.consume ? { consumedAt: new Date() } : {}) }))
    .where('id', '=', row.id);
  if (input.consume) giveBack = giveBack.where('consumedAt', 'is', null);
  const spent = await giveBack.executeTakeFirst();
  if (spent.numUpdatedRows === 0n) throw error;
}
