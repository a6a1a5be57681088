import {
  ERROR_CODES,
  type SubscribeCodeSent,
  type Subscribed,
  type SubscribeInput,
  WATCH_ERRORS,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { ClientInfo } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { type SmsProvider, SmsRefusedError } from '../../platform/sms/sms-provider.ts';
import { checkSmsCode, issueSmsCode } from '../account/index.ts';
import { progressOf } from '../activities/index.ts';
import { publicActivity } from './watch-service.ts';

// Reminders (预约): before the live starts a viewer subscribes its mobile to the activity, confirmed by an SMS code
// (the account's codes: one a minute per mobile, 10 a day per mobile, 30 an hour per address; 5 guesses per code).
// When the activity's push starts, each subscriber not yet reminded gets one SMS, in the background.

/** Subscriptions one address may complete per window (each also needs a code the address asked for). */
const SUBSCRIBES_PER_ADDRESS = 20;
const SUBSCRIBE_WINDOW_MS = 15 * 60_000;

async function subscribableActivity(db: Db, activityId: number) {
  const activity = await publicActivity(db, activityId);
  if (progressOf(activity.startedAt, activity.endedAt) === 'Ended') {
    throw badRequest(WATCH_ERRORS.activityEnded, ERROR_CODES.validation);
  }
  return activity;
}

/** POST /api/watch/{id}/subscribe/code: the code counts in the activity's agent's SMS usage. */
export async function sendSubscribeCode(
  ctx: AppContext,
  activityId: number,
  mobile: string,
  client: ClientInfo,
): Promise<SubscribeCodeSent> {
  const activity = await subscribableActivity(ctx.db, activityId);
  const sent = await issueSmsCode(ctx, mobile, 'subscribe', client.ip, activity.agentId);
  return { mobile: sent.mobile, resendAfter: sent.resendAfter, expiresIn: sent.expiresIn };
}

/** POST /api/watch/{id}/subscribe: the right code spends it and adds the mobile once (a second time changes nothing). */
export async function subscribe(
  ctx: AppContext,
  activityId: number,
  input: SubscribeInput,
  client: ClientInfo,
): Promise<Subscribed> {
  const activity = await subscribableActivity(ctx.db, activityId);
  const tries = await ctx.limits.hit(`subscribe:ip:${client.ip}`, SUBSCRIBE_WINDOW_MS);
  if (tries.count > SUBSCRIBES_PER_ADDRESS) {
    throw tooManyRequests(WATCH_ERRORS.subscribeLimit, ERROR_CODES.rateLimited, secondsUntil(tries.resetAt));
  }
  await checkSmsCode(ctx.db, ctx.secretKey, {
    mobile: input.mobile,
    purpose: 'subscribe',
    code: input.code,
    consume: true,
  });
  await ctx.db
    .insertInto('activitySubscribers')
    .values({ activityId, agentId: activity.agentId, mobile: input.mobile })
    .onConflict((oc) => oc.columns(['activityId', 'mobile']).doNothing())
    .execute();
  return { mobile: input.mobile, subscribed: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The reminder when the push starts

export interface ReminderDeps {
  db: Db;
  sms: SmsProvider;
}

const running = new Set<Promise<void>>();

/**
 * The activity's push started: its subscribers not yet reminded get their SMS in the background (the publish does
 * not wait for the gateway). Each row is claimed (reminded_at set) before its message goes, in one update, so a push
 * that restarts, or another process, finds nothing left to send: a viewer is reminded at most once per activity.
 */
export function remindSubscribers(deps: ReminderDeps, activityId: number, log: (line: string) => void): void {
  const run = sendReminders(deps, activityId, log).catch((error) =>
    log(`reminders of activity ${activityId}: ${error instanceof Error ? error.message : error}`),
  );
  running.add(run);
  void run.finally(() => running.delete(run));
}

/** Resolves once every reminder started in this process has been sent or given up (tests, and closing the server). */
export async function remindersSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

async function sendReminders(deps: ReminderDeps, activityId: number, log: (line: string) => void) {
  const activity = await deps.db
    .selectFrom('activities')
    .select(['name', 'agentId'])
    .where('id', '=', activityId)
    .executeTakeFirst();
  if (!activity) return;
  const claimed = await deps.db
    .updateTable('activitySubscribers')
    .set({ remindedAt: new Date() })
    .where('activityId', '=', activityId)
    .where('remindedAt', 'is', null)
    .returning(['id', 'mobile'])
    .execute();
  for (const [index, row] of claimed.entries()) {
    try {
      await deps.sms.send({ mobile: row.mobile, purpose: 'reminder', activity: activity.name });
    } catch (error) {
      if (error instanceof SmsRefusedError && error.reason === 'unavailable') {
        // The gateway is down or has no reminder template: nothing more can go now, so the rest wait for the next
        // push rather than being marked as reminded.
        const rest = claimed.slice(index).map((left) => left.id);
        await deps.db.updateTable('activitySubscribers').set({ remindedAt: null }).where('id', 'in', rest).execute();
        log(`reminders of activity ${activityId}: ${rest.length} left unsent (${error.vendorCode})`);
        return;
      }
      // This number cannot be reached (or the gateway's limit for it): it is not tried again.
      log(`reminder of activity ${activityId} refused: ${error instanceof Error ? error.message : error}`);
      continue;
    }
    // Recorded as the codes are, so the agent's SMS usage counts what its viewers were sent.
    const now = new Date();
    await deps.db
      .insertInto('smsCodes')
      .values({ mobile: row.mobile, purpose: 'reminder', codeHash: '', agentId: activity.agentId, expiresAt: now })
      .execute();
  }
}
