import { type ActivityStream, ditchLink, ERROR_MESSAGES, WATCH_PATH } from '@yanbo/contracts';
import { generatePath } from 'react-router';
import { ApiError } from '../../app/http';
import { routeByName } from '../../app/route-table';

// The board's rules, apart from the screen so they can be tested as they are.

export type Playback = 'flv' | 'hls';

export interface PlaybackSupport {
  /** mpegts.js can play live HTTP-FLV here (Media Source Extensions with H.264/AAC). */
  mseLiveFlv: boolean;
  /** The <video> element plays an m3u8 by itself (Safari, iOS, some Android browsers). */
  nativeHls: boolean;
}

/** HTTP-FLV first (lowest delay), HLS where the browser plays it natively, else nothing the page can play. */
export function choosePlayback(support: PlaybackSupport): Playback | null {
  if (support.mseLiveFlv) return 'flv';
  if (support.nativeHls) return 'hls';
  return null;
}

/**
 * Activity info failing with the text '403 Forbidden' and a redirect in the answer: the page says the activity
 * doesn't exist and goes there after REDIRECT_DELAY_MS (seed 001 §2, §8). The redirect, or null for any other failure.
 */
export function forbiddenRedirect(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.message !== ERROR_MESSAGES.forbidden) return null;
  const redirect = (error.body as { redirect?: unknown } | null)?.redirect;
  return typeof redirect === 'string' && redirect ? redirect : null;
}

/** 404 Activity Not Found: the http client's dialog says so and leads home; the board has nothing to retry. */
export function isActivityNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message === ERROR_MESSAGES.activityNotFound;
}

/** The screens of one activity the board leads to; `route` is the console route that shows it, once it exists. */
export const BOARD_ENTRIES = [
  { key: 'settings', route: 'activity-settings' },
  { key: 'liveConfig', route: 'live-stream' },
  { key: 'template', route: 'page-template' },
  { key: 'comments', route: 'comments' },
  { key: 'liveOps', route: 'live-ops' },
  { key: 'interactions', route: 'interactions' },
  { key: 'rewards', route: 'rewards' },
  { key: 'audience', route: 'audience' },
  { key: 'stats', route: 'stats' },
  { key: 'exports', route: 'exports' },
  { key: 'products', route: 'activity-products' },
  { key: 'registration', route: 'registration' },
] as const;

export type BoardEntryKey = (typeof BOARD_ENTRIES)[number]['key'];

/** Where an entry goes for this activity, or null while its screen doesn't exist (the board shows 即将开放). */
export function boardEntryPath(route: string, activityId: number): string | null {
  const target = routeByName(route);
  if (!target?.path.includes(':id')) return null;
  return generatePath(target.path, { id: String(activityId) });
}

/** Bytes as B, KB, MB, GB or TB (1024 each), with up to two decimals. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(2))} ${units[unit]}`;
}

/** Whole hours, minutes and seconds of a duration, the larger parts first and zero parts left out. */
export function durationParts(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The host part of `host:port` (an IPv6 literal keeps its brackets). */
const hostPart = (domain: string) =>
  domain.startsWith('[') ? domain.slice(0, domain.indexOf(']') + 1) : domain.split(':')[0];
const portPart = (domain: string) => {
  const rest = domain.startsWith('[') ? domain.slice(domain.indexOf(']') + 1) : domain.slice(hostPart(domain).length);
  return rest.startsWith(':') ? rest : '';
};

/**
 * The push and pull addresses as this console should show them. A server left on its default domains
 * (PUSH_DOMAIN, PULL_DOMAIN unset: 127.0.0.1) only knows loopback; opened from another machine, the console builds
 * the addresses from the host it was opened on, as share links are built from it (issue 8). A configured domain is
 * kept as it is.
 */
export function streamForHost(stream: ActivityStream, opened: { hostname: string; host: string }): ActivityStream {
  if (LOOPBACK_HOSTS.has(opened.hostname)) return stream;
  let result = stream;
  if (LOOPBACK_HOSTS.has(hostPart(stream.pushDomain))) {
    const pushDomain = `${opened.hostname}${portPart(stream.pushDomain)}`;
    const swap = (url: string) => url.replace(`//${stream.pushDomain}/`, `//${pushDomain}/`);
    result = { ...result, pushDomain, pushServer: swap(stream.pushServer), pushUrl: swap(stream.pushUrl) };
  }
  if (LOOPBACK_HOSTS.has(hostPart(stream.pullDomain))) {
    const pullDomain = opened.host;
    const swap = (url: string) => url.replace(`//${stream.pullDomain}/`, `//${pullDomain}/`);
    const { pullSource } = stream;
    result = {
      ...result,
      pullDomain,
      pullSource: {
        flv: swap(pullSource.flv),
        hls: swap(pullSource.hls),
        renditions: pullSource.renditions.map((rendition) => ({
          ...rendition,
          flv: swap(rendition.flv),
          hls: swap(rendition.hls),
        })),
      },
    };
  }
  return result;
}

/** An activity's watch page as the audience opens it: on this site, with the ditch's sign when shared through one. */
export function watchUrl(origin: string, activityId: number, sign?: string): string {
  return new URL(sign ? ditchLink(activityId, sign) : `${WATCH_PATH}/${activityId}`, origin).toString();
}
