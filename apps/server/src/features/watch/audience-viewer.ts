import { VIEWER_MOBILE_COOKIE } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { cookieValue } from '../../platform/cookies.ts';
import { viewerIdOf } from './viewer-cookie.ts';
import { mobileClaimOf, mobileViewerId } from './viewer-mobile.ts';

// Who a watch-page viewer is on one activity: the one rule every call that acts as a viewer follows (visits and their
// heartbeats, votes, check-ins, questions, gifts, red packets, invitation cards; the chat socket applies the same rule
// itself). A viewer signed in by SMS for the activity's agent is its mobile's id, the same in every browser, so what
// it does is recorded once per person, a blacklist follows it, and a lottery drawing visits names the id the chat
// knows it by; otherwise it is its browser's signed anonymous id; without either it is nobody yet.

export interface AudienceViewer {
  /** The id the viewer acts under: its mobile's id when signed in for the activity's agent, else its browser's. */
  viewerId: string | undefined;
  /** The mobile it proved, when signed in for the activity's agent. */
  mobile: string | undefined;
  /** Its browser's own signed anonymous id, signed in or not (the visit it started before signing in is its). */
  browserId: string | undefined;
}

type Request = { headers: { cookie?: string | string[] } };

/** The activity's agent, read only for a request that proves a mobile (the rest need no query). */
async function agentOf(ctx: Pick<AppContext, 'db'>, activity: number | { agentId: number }) {
  if (typeof activity !== 'number') return activity.agentId;
  const row = await ctx.db.selectFrom('activities').select('agentId').where('id', '=', activity).executeTakeFirst();
  return row?.agentId;
}

/** The viewer behind a request on an activity (given by id, or as a row already read). */
export async function audienceViewerOf(
  ctx: Pick<AppContext, 'db' | 'secretKey'>,
  request: Request,
  activity: number | { agentId: number },
): Promise<AudienceViewer> {
  const browserId = viewerIdOf(ctx, request);
  const claim = mobileClaimOf(ctx.secretKey, cookieValue(request.headers.cookie, VIEWER_MOBILE_COOKIE));
  const mobile = claim && claim.agentId === (await agentOf(ctx, activity)) ? claim.mobile : undefined;
  return { viewerId: mobile ? mobileViewerId(ctx.secretKey, mobile) : browserId, mobile, browserId };
}
