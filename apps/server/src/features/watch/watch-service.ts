import {
  DEFAULT_LIVE_TEMPLATE,
  type DeviceClass,
  ERROR_CODES,
  ERROR_MESSAGES,
  type HeartbeatResult,
  type IntroTab,
  invitation,
  invitationCounts,
  invitationDefaults,
  liveTemplate,
  maskMobile,
  shareCard,
  type VisitInput,
  type VisitStarted,
  WATCH_CODE_FAILURE_WINDOW_SECONDS,
  WATCH_CODE_MAX_FAILURES,
  WATCH_ERRORS,
  WATCH_HEARTBEAT_MAX_SECONDS,
  WATCH_TOKEN_TTL_DAYS,
  type WatchPage,
  type WatchToken,
  watchCode,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { ClientInfo } from '../../platform/auth.ts';
import { hmac, safeEqual } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { readActivitySection } from '../../platform/settings-store.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';
import { progressOf, sdIsLive, streamAddresses, toEndedAt } from '../activities/index.ts';
import { sanitiseHtml } from './html-sanitiser.ts';
import { mobileGateOf, signedInMobile } from './viewer-mobile.ts';

// The audience side of an activity. Public: the activity id from the URL is the only key, so every call first checks
// that the activity is one an audience may see (enabled, not archived, not deleted, its agent not disabled) and answers
// 404 Activity Not Found otherwise, exactly as for an id that never existed.

const VIEWER_TOKEN_PURPOSE = 'watch-viewer';

/** The activity as the audience may reach it, or 404. */
export async function publicActivity(db: Db, activityId: number) {
  const row = await db
    .selectFrom('activities')
    .innerJoin('agents', 'agents.id', 'activities.agentId')
    .selectAll('activities')
    .where('activities.id', '=', activityId)
    .where('activities.deletedAt', 'is', null)
    .where('activities.isArchived', '=', false)
    .where('activities.status', '=', 'enabled')
    .where('agents.status', '!=', 'disabled')
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/** Whether the activity's push is received right now. */
export async function isPushing(db: Db, activityId: number): Promise<boolean> {
  const row = await db.selectFrom('activities').select('isPushing').where('id', '=', activityId).executeTakeFirst();
  return row?.isPushing ?? false;
}

async function watchCodeOf(db: Db, activityId: number) {
  return (await readActivitySection(db, activityId, 'watchcode', watchCode, { enabled: false, code: '' })).value;
}

/** A viewer token names the code it was given for, so refreshing the code turns old tokens away. */
const codeTag = (secretKey: string, code: string) => hmac(secretKey, `watch-code:${code}`).slice(0, 16);

function viewerTokenValid(secretKey: string, activityId: number, code: string, token: string | undefined): boolean {
  if (!token) return false;
  const payload = verifyToken<{ activityId: number; code: string }>(secretKey, VIEWER_TOKEN_PURPOSE, token);
  return payload?.activityId === activityId && payload.code === codeTag(secretKey, code);
}

const cleanTab = (tab: IntroTab): IntroTab => (tab.richText ? { ...tab, richText: sanitiseHtml(tab.richText) } : tab);

/** GET /api/watch/{id} */
export async function getWatchPage(
  ctx: AppContext,
  activityId: number,
  viewerToken?: string,
  mobileCookie?: string,
): Promise<WatchPage> {
  const activity = await publicActivity(ctx.db, activityId);
  const [template, card, code, invite] = await Promise.all([
    readActivitySection(ctx.db, activityId, 'template', liveTemplate, structuredClone(DEFAULT_LIVE_TEMPLATE)),
    readActivitySection(ctx.db, activityId, 'shareCard', shareCard, {
      title: activity.name,
      description: '',
      image: activity.cover,
    }),
    watchCodeOf(ctx.db, activityId),
    readActivitySection(ctx.db, activityId, 'invitation', invitation, invitationDefaults(activity)),
  ]);
  const { subscribedMobileList: _mobiles, allowedMobiles: _allowed, ...shown } = template.value;
  const tabs = shown.introTabs.map(cleanTab);
  const watchCodeRequired = code.enabled && !viewerTokenValid(ctx.secretKey, activityId, code.code, viewerToken);
  const mobile = signedInMobile(ctx.secretKey, mobileCookie, activity.agentId);
  const mobileGate = mobileGateOf(template.value.allowedMobiles, mobile);
  const { pullSource } = streamAddresses(ctx.secretKey, ctx.config, activity, sdIsLive(ctx.ingest, activity));
  return {
    activity: {
      id: activity.id,
      name: activity.name,
      status: activity.status,
      progress: progressOf(activity.startedAt, activity.endedAt),
      isPushing: activity.isPushing,
      cover: activity.cover,
      startedAt: activity.startedAt?.toISOString() ?? null,
      endedAt: toEndedAt(activity.endedAt),
    },
    template: { ...shown, introTabs: tabs },
    menu: { items: tabs },
    shareCard: card.value,
    invitation: invite.value,
    watchCodeRequired,
    viewer: mobile ? { mobile: maskMobile(mobile) } : null,
    mobileGate,
    playback: watchCodeRequired || mobileGate !== 'open' || !activity.stream ? null : pullSource,
  };
}

/**
 * Wrong watch codes (issue 8): per address, as before, and per activity, since a six-digit code falls to enough
 * addresses guessing together (2,000 guesses found one). Past the activity's cap no code is checked until the window
 * ends, so guessing gives nothing more away; viewers who entered the code keep their token, and the organiser can
 * change the code.
 */
const WATCH_CODE_FAILURES_PER_ACTIVITY = 100;
const watchCodeWindowMs = WATCH_CODE_FAILURE_WINDOW_SECONDS * 1000;

/** POST /api/watch/{id}/watchcode: the right code answers a viewer token; wrong ones count against both limits. */
export async function enterWatchCode(
  ctx: AppContext,
  activityId: number,
  given: string,
  client: ClientInfo,
): Promise<WatchToken> {
  await publicActivity(ctx.db, activityId);
  const code = await watchCodeOf(ctx.db, activityId);
  const byIp = `watchcode:ip:${client.ip}`;
  const byActivity = `watchcode:activity:${activityId}`;
  // Each guess is taken before it is compared (the store counts at once), so parallel guesses cannot pass together.
  const fromIp = await ctx.limits.hit(byIp, watchCodeWindowMs);
  const onActivity = await ctx.limits.hit(byActivity, watchCodeWindowMs);
  if (fromIp.count > WATCH_CODE_MAX_FAILURES || onActivity.count > WATCH_CODE_FAILURES_PER_ACTIVITY) {
    const until = Math.max(
      fromIp.count > WATCH_CODE_MAX_FAILURES ? fromIp.resetAt : 0,
      onActivity.count > WATCH_CODE_FAILURES_PER_ACTIVITY ? onActivity.resetAt : 0,
    );
    throw tooManyRequests(WATCH_ERRORS.watchCodeLocked, ERROR_CODES.rateLimited, secondsUntil(until));
  }
  // The code is matched trimmed and ignoring case (yq2025 opens YQ2025).
  const right = !code.enabled || safeEqual(given.trim().toLowerCase(), code.code.trim().toLowerCase());
  if (right) {
    await ctx.limits.hit(byIp, watchCodeWindowMs, -1);
    await ctx.limits.hit(byActivity, watchCodeWindowMs, -1);
  }
  if (!right) throw badRequest(WATCH_ERRORS.wrongWatchCode, undefined, 'code');
  const { token, expiresAt } = signToken(
    ctx.secretKey,
    VIEWER_TOKEN_PURPOSE,
    { activityId, code: codeTag(ctx.secretKey, code.code) },
    WATCH_TOKEN_TTL_DAYS * 86_400_000,
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

/** The device class of a user agent, as the statistics group them. */
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|HarmonyOS|MicroMessenger|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * POST /api/watch/{id}/visit: one insert for the visit and, in the same transaction, the activity's rollup (visits,
 * unique viewers) and its ditch's count when the link carried one of the agent's ditches usable for this activity.
 */
export async function startVisit(
  ctx: AppContext,
  activityId: number,
  input: VisitInput,
  client: ClientInfo,
  viewerId: string,
): Promise<VisitStarted> {
  const activity = await publicActivity(ctx.db, activityId);
  const ditch = input.ditch
    ? await ctx.db
        .selectFrom('promotionChannels')
        .select(['id', 'sign'])
        .where('agentId', '=', activity.agentId)
        .where('sign', '=', input.ditch)
        .where((eb) => eb.or([eb('activityId', 'is', null), eb('activityId', '=', activityId)]))
        .executeTakeFirst()
    : undefined;
  const visitId = await ctx.db.transaction().execute(async (trx) => {
    // One viewer's visits to one activity take turns, so its first visit is counted once as a unique viewer.
    await sql`select pg_advisory_xact_lock(hashtext(${`visit:${activityId}:${viewerId}`}))`.execute(trx);
    const earlier = await trx
      .selectFrom('visits')
      .select('id')
      .where('activityId', '=', activityId)
      .where('viewerId', '=', viewerId)
      .limit(1)
      .executeTakeFirst();
    const visit = await trx
      .insertInto('visits')
      .values({
        activityId,
        agentId: activity.agentId,
        viewerId,
        ditchSign: ditch?.sign ?? null,
        referrer: input.referrer,
        userAgent: client.userAgent,
        device: deviceOf(client.userAgent),
        ip: client.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unique = earlier ? 0 : 1;
    await trx
      .insertInto('activityVisitStats')
      .values({ activityId, visits: 1, uniqueViewers: unique })
      .onConflict((oc) =>
        oc.column('activityId').doUpdateSet({
          visits: sql`activity_visit_stats.visits + 1`,
          uniqueViewers: sql`activity_visit_stats.unique_viewers + ${unique}`,
        }),
      )
      .execute();
    if (ditch) {
      await trx
        .insertInto('activityDitchVisits')
        .values({ activityId, ditchId: ditch.id, visits: 1 })
        .onConflict((oc) =>
          oc.columns(['activityId', 'ditchId']).doUpdateSet({ visits: sql`activity_ditch_visits.visits + 1` }),
        )
        .execute();
    }
    // Only a viewer new to the activity is brought by a link: one already watching was not invited by it.
    if (!earlier && invitationCounts(viewerId, input.invitedBy)) {
      await recordInvitation(trx, activityId, activity.agentId, viewerId, input.invitedBy);
    }
    return Number(visit.id);
  });
  return { visitId, viewerId, ditch: ditch?.sign ?? null };
}

/**
 * A visit that came by an invitation link (issue 10): the inviter must be a real viewer of this activity (one that
 * opened its invitation card here), the invitee is a viewer on its first visit and counted once per activity, and the
 * inviter's count in the ranking grows in the same transaction. Anything else is ignored: the visit still counts.
 */
async function recordInvitation(trx: Db, activityId: number, agentId: number, inviteeId: string, inviterId: string) {
  const inviter = await trx
    .selectFrom('activityInviters')
    .select('viewerId')
    .where('activityId', '=', activityId)
    .where('viewerId', '=', inviterId)
    .executeTakeFirst();
  if (!inviter) return;
  const added = await trx
    .insertInto('activityInvitees')
    .values({ activityId, inviteeId, inviterId, agentId })
    .onConflict((oc) => oc.columns(['activityId', 'inviteeId']).doNothing())
    .returning('inviteeId')
    .executeTakeFirst();
  if (!added) return;
  await trx
    .updateTable('activityInviters')
    .set({ invitees: sql`invitees + 1`, lastInvitedAt: sql`now()` })
    .where('activityId', '=', activityId)
    .where('viewerId', '=', inviterId)
    .execute();
}

/**
 * POST /api/watch/{id}/heartbeat: one update. The time since the last heartbeat (at most a missed beat's worth) is
 * added to the visit's watch time, so a page cannot claim more than it stayed. The player's latency, when the page
 * measured one, is kept for the live operations screen.
 */
export async function heartbeat(
  db: Db,
  activityId: number,
  visitId: number,
  viewerId: string | undefined,
  latencyMs?: number,
): Promise<HeartbeatResult> {
  const row = viewerId
    ? await db
        .updateTable('visits')
        .set({
          lastSeenAt: sql`now()`,
          watchSeconds: sql`watch_seconds + least(greatest(extract(epoch from now() - last_seen_at), 0), ${WATCH_HEARTBEAT_MAX_SECONDS})::integer`,
          ...(latencyMs === undefined ? {} : { latencyMs }),
        })
        .where('id', '=', sql<string>`${visitId}`)
        .where('activityId', '=', activityId)
        .where('viewerId', '=', viewerId)
        .returning(['id', 'watchSeconds'])
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(WATCH_ERRORS.visitNotFound);
  return { visitId: Number(row.id), watchSeconds: row.watchSeconds };
}
