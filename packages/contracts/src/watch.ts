import { z } from 'zod';
import { pullSource } from './activities.ts';
import { activityMenu, invitation, shareCard } from './activity-settings.ts';
import { defineCalls } from './call.ts';
import { id, isoDateTime, mobile, ok, smsCode } from './common.ts';
import { liveTemplate } from './page-template.ts';
import { REGISTRATION_GATES } from './registration.ts';

import { MOBILE_GATES } from './watch-constants.ts';

export * from './watch-constants.ts';

// The audience's watch page (/watch/{id}): public calls under /api/watch/..., no console session. What it answers is
// what a viewer may see: never the push key, the agent's account or the template's mobile lists.

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export const deviceClass = z.enum(DEVICE_CLASSES);
export type DeviceClass = z.infer<typeof deviceClass>;

/** The template as saved, less the private mobile lists. */
export const watchTemplate = liveTemplate.omit({ subscribedMobileList: true, allowedMobiles: true });
export type WatchTemplate = z.infer<typeof watchTemplate>;

export const watchPlayback = pullSource;
export type WatchPlayback = z.infer<typeof watchPlayback>;

/** GET /api/watch/{id}: the viewing page of an activity. */
export const watchPage = z.object({
  activity: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    progress: z.enum(['NotStart', 'OnGoing', 'Ended']),
    isPushing: z.boolean(),
    cover: z.string(),
    startedAt: isoDateTime.nullable(),
    /** null: no end date (the far-future value). */
    endedAt: isoDateTime.nullable(),
  }),
  template: watchTemplate,
  /** Intro tabs in order; rich text is sanitised by the server. */
  menu: activityMenu,
  shareCard,
  /** The invitation card as the organiser set it: when enabled, the page offers each viewer its personal card. */
  invitation,
  /** The activity asks for a watch code and this request's viewer token is missing or stale. */
  watchCodeRequired: z.boolean(),
  /** The viewer signed in by SMS on this agent's pages (the mobile masked), or null. */
  viewer: z.object({ mobile: z.string() }).nullable(),
  /** When the activity lists allowed mobiles: open (no list), signIn (sign in first) or notAllowed (not listed). */
  mobileGate: z.enum(MOBILE_GATES),
  /** Issue 12: a bound registration's gate: open, form (fill it in), pending (等待审核) or rejected. */
  registrationGate: z.enum(REGISTRATION_GATES),
  /** Issue 13 paid viewing: open (no price, or this viewer paid) or pay (pay the per-view price before it plays). */
  paidViewGate: z.enum(['open', 'pay']),
  /**
   * The playback addresses; null until the watch code is given, the mobile gate is open and the registration lets the
   * viewer in (or with no stream).
   */
  playback: watchPlayback.nullable(),
});
export type WatchPage = z.infer<typeof watchPage>;

export const watchParams = z.object({ id });

/** POST /api/watch/{id}/watchcode */
export const watchCodeInput = z.object({ code: z.string().trim().min(1, 'Code is required').max(32) });
export type WatchCodeInput = z.infer<typeof watchCodeInput>;
export const watchToken = z.object({ token: z.string(), expiresAt: isoDateTime });
export type WatchToken = z.infer<typeof watchToken>;

/** POST /api/watch/{id}/visit: one per page view; an unknown ditch sign is recorded as none. */
export const visitInput = z.object({
  ditch: z.string().trim().max(64).optional(),
  referrer: z.string().trim().max(1000).default(''),
  /** The viewer whose invitation link brought this one (its viewer id); anything else is ignored. */
  invitedBy: z.string().trim().max(64).optional(),
});
export type VisitInput = z.infer<typeof visitInput>;
export const visitStarted = z.object({
  visitId: z.number().int(),
  viewerId: z.string(),
  /** The ditch the visit is counted for, when the sign was valid. */
  ditch: z.string().nullable(),
});
export type VisitStarted = z.infer<typeof visitStarted>;

/** A reported latency past this is a stalled player, not a latency. */
export const WATCH_LATENCY_MAX_MS = 600_000;

/** POST /api/watch/{id}/heartbeat */
export const heartbeatInput = z.object({
  visitId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** How far behind the live edge the page's player plays now, ms (the live operations screen's viewer latency). */
  latencyMs: z.coerce.number().int().min(0).max(WATCH_LATENCY_MAX_MS).optional(),
});
export type HeartbeatInput = z.infer<typeof heartbeatInput>;
export const heartbeatResult = z.object({ visitId: z.number().int(), watchSeconds: z.number().int() });
export type HeartbeatResult = z.infer<typeof heartbeatResult>;

/** GET /api/watch/{id}/events (server-sent events): `pushing` with this payload when the push starts or stops. */
export const watchPushingEvent = z.object({ isPushing: z.boolean() });
export type WatchPushingEvent = z.infer<typeof watchPushingEvent>;

/** POST /api/watch/{id}/subscribe/code: a verification code to the viewer's mobile, before subscribing. */
export const subscribeCodeInput = z.object({ mobile });
export type SubscribeCodeInput = z.infer<typeof subscribeCodeInput>;
export const subscribeCodeSent = z.object({
  mobile: z.string(),
  /** Seconds before another code may be asked for. */
  resendAfter: z.number().int(),
  expiresIn: z.number().int(),
});
export type SubscribeCodeSent = z.infer<typeof subscribeCodeSent>;

/** POST /api/watch/{id}/subscribe: the mobile and its code; subscribing again changes nothing. */
export const subscribeInput = z.object({ mobile, code: smsCode });
export type SubscribeInput = z.infer<typeof subscribeInput>;
export const subscribed = z.object({ mobile: z.string(), subscribed: z.literal(true) });
export type Subscribed = z.infer<typeof subscribed>;

/** POST /api/watch/{id}/sign-in: a viewer signs in by its mobile and an SMS code; the answer masks the mobile. */
export const viewerSignInInput = z.object({ mobile, code: smsCode });
export type ViewerSignInInput = z.infer<typeof viewerSignInInput>;
export const viewerSignedIn = z.object({ mobile: z.string(), mobileGate: z.enum(MOBILE_GATES) });
export type ViewerSignedIn = z.infer<typeof viewerSignedIn>;

/** The longest page address the watch page may ask to have signed (a page URL with its ditch is far shorter). */
export const WECHAT_SHARE_URL_MAX = 2048;

/**
 * The page's address as the browser serialises it (location.href): an http(s) URL that reads back unchanged, so the
 * string signed is the one WeChat's browser signs again, and no stray space or odd spelling hides another host.
 */
function isPageAddress(value: string): boolean {
  try {
    const url = new URL(value);
    const hash = value.indexOf('#');
    url.hash = '';
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.href === (hash < 0 ? value : value.slice(0, hash))
    );
  } catch {
    return false;
  }
}

/** GET /api/watch/{id}/wechat-share?url=: the page's own address (location.href); its #fragment is not signed. */
export const wechatShareQuery = z.object({
  url: z
    .string()
    .max(WECHAT_SHARE_URL_MAX, `At most ${WECHAT_SHARE_URL_MAX} characters`)
    .refine(isPageAddress, 'Must be the page’s http(s) address'),
});
export type WechatShareQuery = z.infer<typeof wechatShareQuery>;

/** What WeChat's share menu shows for the page (updateAppMessageShareData; the timeline card leaves out desc). */
export const wechatShareCard = z.object({
  title: z.string(),
  desc: z.string(),
  /** The page's address without its fragment. */
  link: z.string(),
  /** An absolute address; '' when the activity has no picture at all. */
  imgUrl: z.string(),
});
export type WechatShareCard = z.infer<typeof wechatShareCard>;

/**
 * The JS-SDK's wx.config for the page, signed with the activity's agent's official account (公众号), and the card to
 * share. `enabled: false` when the agent has no official account or WeChat refused it: the page shares plainly.
 */
export const wechatShare = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    appId: z.string(),
    /** Seconds since the epoch, as signed. */
    timestamp: z.number().int(),
    nonceStr: z.string(),
    /** SHA-1 (hex) of jsapi_ticket=…&noncestr=…&timestamp=…&url=… (JS-SDK 附录1). */
    signature: z.string(),
    share: wechatShareCard,
  }),
]);
export type WechatShare = z.infer<typeof wechatShare>;

export const watchCalls = defineCalls('watch', {
  getWatchPage: {
    method: 'GET',
    path: '/watch/:id',
    summary: 'An activity’s viewing page: what a viewer may see, and its playback once the watch code is given',
    access: 'public',
    params: watchParams,
    response: watchPage,
  },
  enterWatchCode: {
    method: 'POST',
    path: '/watch/:id/watchcode',
    summary: 'Trade the activity’s watch code for a viewer token',
    access: 'public',
    params: watchParams,
    body: watchCodeInput,
    response: watchToken,
  },
  startVisit: {
    method: 'POST',
    path: '/watch/:id/visit',
    summary: 'Count a page view, with its ditch and referrer; a new viewer gets its cookie',
    access: 'public',
    params: watchParams,
    body: visitInput,
    response: visitStarted,
  },
  sendHeartbeat: {
    method: 'POST',
    path: '/watch/:id/heartbeat',
    summary: 'Say the viewer is still watching, adding to the visit’s watch time',
    access: 'public',
    params: watchParams,
    body: heartbeatInput,
    response: heartbeatResult,
  },
  sendSubscribeCode: {
    method: 'POST',
    path: '/watch/:id/subscribe/code',
    summary: 'Text a verification code to the viewer’s mobile, to subscribe to the activity’s start reminder',
    access: 'public',
    params: watchParams,
    body: subscribeCodeInput,
    response: subscribeCodeSent,
  },
  subscribe: {
    method: 'POST',
    path: '/watch/:id/subscribe',
    summary: 'Subscribe the mobile to the activity’s start reminder (预约), confirmed by its code',
    access: 'public',
    params: watchParams,
    body: subscribeInput,
    response: subscribed,
  },
  sendSignInCode: {
    method: 'POST',
    path: '/watch/:id/sign-in/code',
    summary: 'Text a verification code to a viewer’s mobile, to sign in on the watch page',
    access: 'public',
    params: watchParams,
    body: subscribeCodeInput,
    response: subscribeCodeSent,
  },
  signIn: {
    method: 'POST',
    path: '/watch/:id/sign-in',
    summary: 'Sign a viewer in by mobile and code: the chat and the allowed-mobiles list know it by that mobile',
    access: 'public',
    params: watchParams,
    body: viewerSignInInput,
    response: viewerSignedIn,
  },
  signOut: {
    method: 'DELETE',
    path: '/watch/:id/sign-in',
    summary: 'Sign the viewer out: it is an anonymous viewer again',
    access: 'public',
    params: watchParams,
    response: ok,
  },
  getWechatShare: {
    method: 'GET',
    path: '/watch/:id/wechat-share',
    summary: 'The WeChat JS-SDK configuration and share card for the page at `url` (inside WeChat’s browser)',
    access: 'public',
    params: watchParams,
    query: wechatShareQuery,
    response: wechatShare,
  },
  followPushing: {
    method: 'GET',
    path: '/watch/:id/events',
    summary: 'Server-sent `pushing` events when the activity’s push starts or stops',
    access: 'public',
    params: watchParams,
    response: z.never(),
    produces: 'text/event-stream',
  },
});
