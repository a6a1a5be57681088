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
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { readActivitySection } from '../../platform/settings-store.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';
import { progressOf, sdIsLive, streamAddresses, toEndedAt } from '../activities/index.ts';
import { isBlockedOnActivity, isMobileBlocked } from '../audience/index.ts';
import { paidViewGate } from '../finance/index.ts';
import { registrationGate } from '../registration/index.ts';
import { regionOf } from '../stats/index.ts';
import { sanitiseHtml } from './html-sanitiser.ts';
import { mobileGateOf, mobileViewerId, signedInMobile } from './viewer-mobile.ts';

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

/** What a viewer brings to an activity's gates: the watch code's token, the SMS sign-in cookie, the browser's id. */
export interface GateViewer {
  viewerToken?: string;
  mobileCookie?: string;
  browserId?: string;
}

/** Every gate the watch page shows before it plays, for one viewer. */
async function gatesOf(
  ctx: AppContext,
  activity: { id: number; agentId: number },
  code: { enabled: boolean; code: string },
  allowedMobiles: readonly string[],
  viewer: GateViewer,
) {
  const watchCodeRequired =
    code.enabled && !viewerTokenValid(ctx.secretKey, activity.id, code.code, viewer.viewerToken);
  const mobile = signedInMobile(ctx.secretKey, viewer.mobileCookie, activity.agentId);
  const { browserId } = viewer;
  // Seed 001 §6 block management: a person the agent blocked watches none of its activities.
  // Signed out, the browser is still the person's when it was merged into a blocked one.
  const blocked =
    (mobile !== undefined && (await isMobileBlocked(ctx.db, activity.agentId, mobile))) ||
    (browserId !== undefined && (await isBlockedOnActivity(ctx.db, activity.id, browserId)));
  const mobileGate = blocked ? ('blocked' as const) : mobileGateOf(allowedMobiles, mobile);
  // Issue 12: a bound registration asks for the form (and its review) before the activity plays.
  const registration = await registrationGate(ctx.db, activity.id, {
    mobile,
    browserId,
    viewerId: mobile ? mobileViewerId(ctx.secretKey, mobile) : browserId,
  });
  // Issue 13: an activity with a per-view price plays once this viewer (its mobile's id or its browser's) has paid.
  const paidView = await paidViewGate(ctx.db, activity.id, [
    mobile ? mobileViewerId(ctx.secretKey, mobile) : undefined,
    browserId,
  ]);
  return { watchCodeRequired, mobile, mobileGate, registration, paidView };
}

const gatesOpen = (gates: Awaited<ReturnType<typeof gatesOf>>) =>
  !gates.watchCodeRequired && gates.mobileGate === 'open' && gates.registration === 'open' && gates.paidView === 'open';

/**
 * For the audience calls that hand out an activity's content beside its stream (its documents, its photos): 403 unless
 * the viewer has passed every gate the watch page shows (watch code, allowed mobiles, block, registration, payment),
 * so what a gate keeps from the player it keeps from them too.
 */
export async function requireWatchOpen(ctx: AppContext, activityId: number, viewer: GateViewer) {
  const activity = await publicActivity(ctx.db, activityId);
  const [template, code] = await Promise.all([
    readActivitySection(ctx.db, activityId, 'template', liveTemplate, structuredClone(DEFAULT_LIVE_TEMPLATE)),
    watchCodeOf(ctx.db, activityId),
  ]);
  if (!gatesOpen(await gatesOf(ctx, activity, code, template.value.allowedMobiles, viewer))) {
    throw forbidden(WATCH_ERRORS.notOpen);
  }
  return activity;
}

const cleanTab = (tab: IntroTab): IntroTab => (tab.richText ? { ...tab, richText: sanitiseHtml(tab.richText) } : tab);

/** GET /api/watch/{id} */
export async function getWatchPage(ctx: AppContext, activityId: number, viewer: GateViewer): Promise<WatchPage> {
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
  const gates = await gatesOf(ctx, activity, code, template.value.allowedMobiles, viewer);
  const { watchCodeRequired, mobile, mobileGate, registration, paidView } = gates;
  const { pullSource } = streamAddresses(ctx.secretKey, ctx.config, activity, await sdIsLive(ctx, activity));
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
    registrationGate: registration,
    paidViewGate: paidView,
    playback: !gatesOpen(gates) || !activity.stream ? null : pullSource,
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

/** The viewer a visit counts for (audience-viewer.ts: its mobile's id once signed in) and the browser that opened it. */
export interface VisitViewer {
  viewerId: string;
  browserId: string;
}

/** Viewers' visits to one activity take turns under this lock, so counting a viewer as unique happens once. */
const lockViewerVisits = (trx: Db, activityId: number, viewerId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`visit:${activityId}:${viewerId}`}))`.execute(trx);

/** Whether a viewer has visited an activity's page (it is one of the activity's audience). */
export async function hasVisited(trx: Db, activityId: number, viewerId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('visits')
    .select('id')
    .where('activityId', '=', activityId)
    .where('viewerId', '=', viewerId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * POST /api/watch/{id}/visit: one insert for the visit and, in the same transaction, the activity's rollup (visits,
 * unique viewers) and its ditch's count when the link carried one of the agent's ditches usable for this activity.
 * The statistics' rollups follow the insert by migration 042's triggers, in the same transaction.
 */
export async function startVisit(
  ctx: AppContext,
  activityId: number,
  input: VisitInput,
  client: ClientInfo,
  { viewerId, browserId }: VisitViewer,
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
  // Resolved once, here, so the statistics never look an address up again (issue 11).
  const region = regionOf(client.ip);
  const visitId = await ctx.db.transaction().execute(async (trx) => {
    // One viewer's visits to one activity take turns, so its first visit is counted once as a unique viewer.
    await lockViewerVisits(trx, activityId, viewerId);
    const earlier = await hasVisited(trx, activityId, viewerId);
    const visit = await trx
      .insertInto('visits')
      .values({
        activityId,
        agentId: activity.agentId,
        viewerId,
        browserId,
        ditchSign: ditch?.sign ?? null,
        referrer: input.referrer,
        userAgent: client.userAgent,
        device: deviceOf(client.userAgent),
        ip: client.ip,
        province: region.province,
        city: region.city,
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
 * Moves visits of one activity from one viewer id to another (a browser signing in or out), keeping the unique-viewer
 * rollup what it counts, the activity's distinct viewer ids: the new id may be new to the activity, the old one may
 * have no visit left. Under both ids' visit locks (taken in one order), as a visit's start takes its viewer's.
 */
async function moveVisits(trx: Db, activityId: number, visitIds: string[], from: string, to: string) {
  for (const viewerId of [from, to].sort()) await lockViewerVisits(trx, activityId, viewerId);
  const toWasNew = !(await hasVisited(trx, activityId, to));
  const moved = await trx
    .updateTable('visits')
    .set({ viewerId: to })
    .where('id', 'in', visitIds)
    .where('activityId', '=', activityId)
    .where('viewerId', '=', from)
    .returning('id')
    .execute();
  if (moved.length === 0) return;
  const fromIsGone = !(await hasVisited(trx, activityId, from));
  const change = (toWasNew ? 1 : 0) - (fromIsGone ? 1 : 0);
  if (change !== 0) {
    await trx
      .updateTable('activityVisitStats')
      .set({ uniqueViewers: sql`unique_viewers + ${change}` })
      .where('activityId', '=', activityId)
      .execute();
  }
}

/** A visit the page still keeps alive: its last heartbeat is at most a missed beat old. */
const isOpen = sql<boolean>`last_seen_at > now() - make_interval(secs => ${WATCH_HEARTBEAT_MAX_SECONDS})`;

/**
 * A browser's viewer changed on an activity's page (it signed in or out by SMS): its open visits there now count for
 * the viewer it is, at once, so a red packet grabbed or a draw made the next moment knows it by the same id as the
 * chat, which starts again as the new viewer. The page keeps its visit (no new page view is counted for signing in);
 * the visits it closed before stay with whoever it was then.
 */
export async function followViewerChange(db: Db, activityId: number, browserId: string | undefined, viewerId: string) {
  if (!browserId) return;
  // Its open visits: those under its anonymous id, and those it opened under a mobile id (signing out, or in as
  // another mobile), found by the (activity, viewer) index through the ids this browser has been.
  const open = await db
    .selectFrom('visits')
    .select(['id', 'viewerId'])
    .where('activityId', '=', activityId)
    .where((eb) => eb.or([eb('viewerId', '=', browserId), eb('browserId', '=', browserId)]))
    .where('viewerId', '!=', viewerId)
    .where(isOpen)
    .execute();
  const byViewer = Map.groupBy(open, (visit) => visit.viewerId);
  if (byViewer.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [from, visits] of byViewer) {
      await moveVisits(
        trx,
        activityId,
        visits.map((visit) => visit.id),
        from,
        viewerId,
      );
    }
  });
}

/**
 * POST /api/watch/{id}/heartbeat: one update. The time since the last heartbeat (at most a missed beat's worth) is
 * added to the visit's watch time, so a page cannot claim more than it stayed. The player's latency, when the page
 * measured one, is kept for the live operations screen.
 *
 * The visit is the viewer's (its current id) or its browser's: a viewer that signed in or out since the visit began
 * (here, or on another of the agent's pages, whose sign-in holds here too) keeps its visit, which moves to the id it
 * now is. Starting a new visit instead would count the page twice (PV) and the browser as one more viewer (UV) for a
 * mere sign-in, and the old visit, left under the other id, would name a viewer the chat no longer knows.
 */
export async function heartbeat(
  db: Db,
  activityId: number,
  visitId: number,
  viewer: { viewerId: string | undefined; browserId: string | undefined },
  latencyMs?: number,
): Promise<HeartbeatResult> {
  const beat = (trx: Db, viewerId: string) =>
    trx
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
      .executeTakeFirst();
  const { viewerId, browserId } = viewer;
  let row = viewerId ? await beat(db, viewerId) : undefined;
  if (!row && viewerId && browserId) {
    row = await db.transaction().execute(async (trx) => {
      const visit = await trx
        .selectFrom('visits')
        .select(['id', 'viewerId'])
        .where('id', '=', sql<string>`${visitId}`)
        .where('activityId', '=', activityId)
        .where((eb) => eb.or([eb('viewerId', '=', browserId), eb('browserId', '=', browserId)]))
        .executeTakeFirst();
      if (!visit) return undefined;
      await moveVisits(trx, activityId, [visit.id], visit.viewerId, viewerId);
      return beat(trx, viewerId);
    });
  }
  if (!row) throw notFound(WATCH_ERRORS.visitNotFound);
  return { visitId: Number(row.id), watchSeconds: row.watchSeconds };
}
