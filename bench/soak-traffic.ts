import { VIEWER_COOKIE } from '@yanbo/contracts';
import { viewerCookieValue } from '../apps/server/src/features/watch/viewer-cookie.ts';

// The soak's traffic (bench/soak.ts): what the console and the watch page send one server during a live event, as
// kinds of request with their share of every 200 a second. The console reads its activity list, an activity's board,
// its statistics and its comments, and writes the share card, robot comments and text live posts (each reaching every
// chat viewer); the watch page loads, starts visits and beats for them, under signed viewer cookies of its own. The
// viewers' own comments go through the chat's sockets (bench/chat-viewers.ts), at the share `viewerComments` says.

export type TrafficSide = 'console read' | 'console write' | 'watch';

/** What the traffic needs of the server and the data made before the run. */
export interface SoakWorld {
  baseUrl: string;
  token: string;
  secretKey: string;
  activityId: number;
  robotId: number;
  /** The visits started so far that heartbeats go to, newest replacing oldest (VISITS_KEPT). */
  visits: { visitId: number; cookie: string }[];
}

export interface SoakRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The watch page's requests carry a viewer's cookie; the console's its bearer token. */
  cookie?: string;
  body?: unknown;
  /** Reads what a successful answer gave (a visit's id). */
  after?: (answer: unknown) => void;
}

export interface TrafficKind {
  name: string;
  side: TrafficSide;
  /** Requests of this kind in every 200. */
  share: number;
  /** The request numbered n of this kind. */
  request(world: SoakWorld, n: number): SoakRequest;
}

/** HTTP viewers of the watch page: their cookies are reused round robin, as returning browsers. */
const HTTP_VIEWERS = 500;
/** Visits the heartbeats go to: the latest ones, as a page beats only while it is open. */
const VISITS_KEPT = 300;

const httpViewerCookie = (world: SoakWorld, n: number) =>
  `${VIEWER_COOKIE}=${viewerCookieValue(world.secretKey, `soak-http-viewer-${String(n % HTTP_VIEWERS).padStart(6, '0')}`)}`;

function startVisit(world: SoakWorld, n: number): SoakRequest {
  const cookie = httpViewerCookie(world, n);
  return {
    method: 'POST',
    path: `/api/watch/${world.activityId}/visit`,
    cookie,
    body: { referrer: n % 3 === 0 ? 'https://mp.weixin.qq.com/' : '' },
    after(answer) {
      world.visits[n % VISITS_KEPT] = { visitId: (answer as { visitId: number }).visitId, cookie };
    },
  };
}

export const TRAFFIC: TrafficKind[] = [
  {
    name: 'activity list',
    side: 'console read',
    share: 30,
    request: () => ({ method: 'GET', path: '/api/activity?page=1&pageSize=15' }),
  },
  {
    name: 'activity board',
    side: 'console read',
    share: 25,
    request: (world) => ({ method: 'GET', path: `/api/activity/${world.activityId}` }),
  },
  {
    name: 'statistics overview',
    side: 'console read',
    share: 10,
    request: (world) => ({ method: 'GET', path: `/api/activity/${world.activityId}/stats` }),
  },
  {
    name: 'comment list',
    side: 'console read',
    share: 20,
    request: (world, n) => ({
      method: 'GET',
      path: `/api/activity/${world.activityId}/comment?page=${1 + (n % 3)}&pageSize=10`,
    }),
  },
  {
    name: 'share card saved',
    side: 'console write',
    share: 4,
    request: (world, n) => ({
      method: 'PUT',
      path: `/api/activity/${world.activityId}/shareCard`,
      body: { title: `压测分享 ${n}`, description: `第 ${n} 次保存` },
    }),
  },
  {
    name: 'robot comment',
    side: 'console write',
    share: 5,
    request: (world, n) => ({
      method: 'POST',
      path: `/api/activity/${world.activityId}/comment/robot`,
      body: { robotId: world.robotId, text: `机器人评论 ${n}` },
    }),
  },
  {
    name: 'text live post',
    side: 'console write',
    share: 2,
    request: (world, n) => ({
      method: 'POST',
      path: `/api/v3/activity/${world.activityId}/text-live`,
      body: { text: `图文直播第 ${n} 条` },
    }),
  },
  {
    name: 'watch page',
    side: 'watch',
    share: 60,
    request: (world, n) => ({
      method: 'GET',
      path: `/api/watch/${world.activityId}`,
      cookie: httpViewerCookie(world, n),
    }),
  },
  { name: 'visit', side: 'watch', share: 10, request: startVisit },
  {
    name: 'heartbeat',
    side: 'watch',
    share: 29,
    request(world, n) {
      const visit = world.visits[n % Math.max(1, world.visits.length)];
      if (!visit) return startVisit(world, n);
      return {
        method: 'POST',
        path: `/api/watch/${world.activityId}/heartbeat`,
        cookie: visit.cookie,
        body: { visitId: visit.visitId, latencyMs: 1500 + (n % 7) * 100 },
      };
    },
  },
];

/** Viewers' comments in every 200, sent on their chat sockets: the rest of the 200. */
export const VIEWER_COMMENT_SHARE = 200 - TRAFFIC.reduce((sum, kind) => sum + kind.share, 0);

/**
 * The order of one round of the HTTP kinds (as many slots as their shares add up to): each kind's slots spread evenly
 * over the round, so every second holds the mix, not bursts of one kind.
 */
export function trafficRound(): TrafficKind[] {
  const slots = TRAFFIC.flatMap((kind) =>
    Array.from({ length: kind.share }, (_, i) => ({ kind, at: (i + 0.5) / kind.share })),
  );
  return slots.sort((a, b) => a.at - b.at).map((slot) => slot.kind);
}
