import {
  type Call,
  type CallArgs,
  type CallArgsOptional,
  type CallDef,
  type CallResponse,
  fillPath,
} from '@yanbo/contracts/call';
import { API_PREFIX } from '@yanbo/contracts/constants';
import { type GiftSendInput, giftSendCalls } from '@yanbo/contracts/gifts';
import { invitationCalls } from '@yanbo/contracts/invitations';
import { rewardCalls } from '@yanbo/contracts/rewards';
import { textLiveCalls } from '@yanbo/contracts/text-live';
import { type WatchPushingEvent, watchCalls } from '@yanbo/contracts/watch';
import { WATCH_TOKEN_HEADER } from '@yanbo/contracts/watch-constants';
import { watchTokenKey } from './watch-rules';

// The watch page's calls (public, under /api/watch/{id}), each through its contract entry; the viewer cookie rides
// along on its own. The page's own small client: the console's pulls in antd and its session handling.

export class WatchApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Args<D extends CallDef> = CallArgs<D> & { headers?: Record<string, string>; keepalive?: boolean };

/** The URL of a call, for what the browser opens itself (the event stream). */
export function apiUrl<D extends CallDef>(call: Call<D>, args: Pick<CallArgs<D>, 'params'>): string {
  return `${API_PREFIX}${fillPath(call.path, (args as { params?: Record<string, unknown> }).params)}`;
}

/** The watch code's token this browser was given for the activity, if any. */
export function readWatchToken(activityId: number): string | null {
  try {
    return window.localStorage.getItem(watchTokenKey(activityId));
  } catch {
    return null;
  }
}

/**
 * Calls an entry: its params and body typed from the entry's schemas, its answer typed as the entry's response. */
export async function api<D extends CallDef>(
  call: Call<D>,
  ...[args]: CallArgsOptional<D> extends true ? [args?: Args<D>] : [args: Args<D>]
): Promise<CallResponse<D>> {
  const { params, query, body, headers, keepalive } = (args ?? {}) as Args<CallDef> & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  // Every call about an activity carries the watch code's token the browser holds for it, so the server can keep
  // what the code guards (the documents, the photos) behind it as it keeps the player.
  const activityId = (params as Record<string, unknown> | undefined)?.id;
  const token = typeof activityId === 'number' ? readWatchToken(activityId) : null;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const suffix = search.size ? `?${search}` : '';
  const response = await fetch(`${API_PREFIX}${fillPath(call.path, params)}${suffix}`, {
    method: call.method,
    credentials: 'same-origin',
    // A call without a body says no content type: Fastify refuses an empty JSON body.
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { [WATCH_TOKEN_HEADER]: token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive,
  });
  const answer = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new WatchApiError(response.status, answer?.message ?? response.statusText);
  return answer as CallResponse<D>;
}

export const fetchWatchPage = (id: number, token: string | null) =>
  api(watchCalls.getWatchPage, { params: { id }, headers: token ? { [WATCH_TOKEN_HEADER]: token } : {} });

export const enterWatchCode = (id: number, code: string) =>
  api(watchCalls.enterWatchCode, { params: { id }, body: { code } });

export const startVisit = (id: number, ditch: string | undefined, referrer: string, invitedBy?: string) =>
  api(watchCalls.startVisit, { params: { id }, body: { ditch, referrer, invitedBy } });

export const openInvitationCard = (id: number, nickname: string) =>
  api(invitationCalls.openInvitationCard, { params: { id }, body: { nickname } });

export const fetchGuestTopShare = (id: number) => api(invitationCalls.listGuestTopShare, { params: { id } });

export const fetchTextLivePosts = (id: number) =>
  api(textLiveCalls.listWatchTextLivePosts, { params: { id }, query: { page: 1, pageSize: 20 } });

export const sendHeartbeat = (id: number, visitId: number, latencyMs: number | null) =>
  api(watchCalls.sendHeartbeat, {
    params: { id },
    body: { visitId, ...(latencyMs === null ? {} : { latencyMs }) },
    keepalive: true,
  });

export const sendSubscribeCode = (id: number, mobile: string) =>
  api(watchCalls.sendSubscribeCode, { params: { id }, body: { mobile } });

export const subscribe = (id: number, mobile: string, code: string) =>
  api(watchCalls.subscribe, { params: { id }, body: { mobile, code } });

export const sendSignInCode = (id: number, mobile: string) =>
  api(watchCalls.sendSignInCode, { params: { id }, body: { mobile } });

export const signIn = (id: number, mobile: string, code: string) =>
  api(watchCalls.signIn, { params: { id }, body: { mobile, code } });

export const signOut = (id: number) => api(watchCalls.signOut, { params: { id } });

export const listWatchGifts = (id: number) => api(giftSendCalls.listWatchGifts, { params: { id } });

export const sendWatchGift = (id: number, body: GiftSendInput) =>
  api(giftSendCalls.sendWatchGift, { params: { id }, body });

export const listWatchTopGifts = (id: number) => api(giftSendCalls.listWatchTopGifts, { params: { id } });

export const watchGiftOrder = (id: number, orderId: number) =>
  api(giftSendCalls.getWatchGiftOrder, { params: { id, orderId } });

/** Follows the push state live; answers the function that stops listening. */
export function followPushing(id: number, onChange: (isPushing: boolean) => void): () => void {
  const source = new EventSource(apiUrl(watchCalls.followPushing, { params: { id } }));
  source.addEventListener('pushing', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as WatchPushingEvent;
    onChange(data.isPushing);
  });
  return () => source.close();
}

/** The red packets this viewer may still grab (one offered while the page was away shows on arrival). */
export const listRedPackets = (id: number) => api(rewardCalls.listWatchRedPackets, { params: { id } });

/** Grabs a share of a red packet: no body, so no JSON content type either. */
export async function grabRedPacket(id: number, packetId: number): Promise<{ amount: number }> {
  const response = await fetch(apiUrl(rewardCalls.grabRedPacket, { params: { id, packetId } }), {
    method: 'POST',
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => null)) as { message?: string; amount?: number } | null;
  if (!response.ok) throw new WatchApiError(response.status, answer?.message ?? response.statusText);
  return { amount: answer?.amount ?? 0 };
}
