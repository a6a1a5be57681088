import {
  DEFAULT_LIVE_TEMPLATE,
  ERROR_CODES,
  liveTemplate,
  type MobileGate,
  maskMobile,
  type SubscribeCodeSent,
  type ViewerSignInInput,
  WATCH_ERRORS,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { ClientInfo } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { secondsUntil } from '../../platform/rate-limit.ts';
import { readActivitySection } from '../../platform/settings-store.ts';
import { checkSmsCode, issueSmsCode } from '../account/index.ts';
import { keepPerson } from '../audience/index.ts';
import {
  mobileGateOf,
  mobileViewerId,
  signedInMobile,
  signViewerMobile,
  VIEWER_SIGN_IN_TTL_MS,
} from './viewer-mobile.ts';
import { followViewerChange, publicActivity } from './watch-service.ts';

// Signing a viewer in by SMS (issue 10): the mobile is proved by a code (the account's codes and their limits), then
// kept in the viewer-mobile cookie (viewer-mobile.ts).

/** Sign-ins one address may complete per window (each also needs a code the address asked for). */
const SIGN_INS_PER_ADDRESS = 20;
const SIGN_IN_WINDOW_MS = 15 * 60_000;

async function allowedMobilesOf(db: Db, activityId: number): Promise<string[]> {
  const template = await readActivitySection(
    db,
    activityId,
    'template',
    liveTemplate,
    structuredClone(DEFAULT_LIVE_TEMPLATE),
  );
  return template.value.allowedMobiles;
}

/** Who the viewer is on this activity's pages: its proved mobile, if any, and whether the mobile gate lets it in. */
export async function viewerAccess(
  ctx: AppContext,
  activity: { id: number; agentId: number },
  cookie: string | undefined,
): Promise<{ mobile: string | undefined; mobileGate: MobileGate }> {
  const mobile = signedInMobile(ctx.secretKey, cookie, activity.agentId);
  return { mobile, mobileGate: mobileGateOf(await allowedMobilesOf(ctx.db, activity.id), mobile) };
}

/** POST /api/watch/{id}/sign-in/code: the code counts in the activity's agent's SMS usage. */
export async function sendSignInCode(
  ctx: AppContext,
  activityId: number,
  mobile: string,
  client: ClientInfo,
): Promise<SubscribeCodeSent> {
  const activity = await publicActivity(ctx.db, activityId);
  const sent = await issueSmsCode(ctx, mobile, 'viewer', client.ip, activity.agentId);
  return { mobile: sent.mobile, resendAfter: sent.resendAfter, expiresIn: sent.expiresIn };
}

/**
 * POST /api/watch/{id}/sign-in: the right code spends it and answers the cookie's token and the page's view of it. The
 * browser's open visits to this page count for the mobile's id from now on (watch-service.ts followViewerChange).
 */
export async function signIn(
  ctx: AppContext,
  activityId: number,
  input: ViewerSignInInput,
  client: ClientInfo,
  browserId: string | undefined,
) {
  const activity = await publicActivity(ctx.db, activityId);
  const tries = await ctx.limits.hit(`viewer-sign-in:ip:${client.ip}`, SIGN_IN_WINDOW_MS);
  if (tries.count > SIGN_INS_PER_ADDRESS) {
    throw tooManyRequests(WATCH_ERRORS.signInLimit, ERROR_CODES.rateLimited, secondsUntil(tries.resetAt));
  }
  await checkSmsCode(ctx.db, ctx.secretKey, {
    mobile: input.mobile,
    purpose: 'viewer',
    code: input.code,
    consume: true,
  });
  const token = signViewerMobile(ctx.secretKey, activity.agentId, input.mobile);
  const viewerId = mobileViewerId(ctx.secretKey, input.mobile);
  await followViewerChange(ctx.db, activity.id, browserId, viewerId);
  // Issue 12: a proved mobile is a person of the agent's CRM, the browser it signed in from merged into it.
  await keepPerson(ctx.db, { agentId: activity.agentId, mobile: input.mobile, viewerId, browserId });
  const mobileGate = mobileGateOf(await allowedMobilesOf(ctx.db, activity.id), input.mobile);
  return {
    token,
    maxAgeSeconds: VIEWER_SIGN_IN_TTL_MS / 1000,
    answer: { mobile: maskMobile(input.mobile), mobileGate },
  };
}
