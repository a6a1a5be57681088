import { activityStatusLabels, progressAt } from '@yanbo/contracts/activity-status';
import {
  HLS_VIEWER_PARAM,
  WATCH_LATENCY_MAX_MS,
  type WatchPage,
  type WatchPlayback,
  type WatchTemplate,
} from '@yanbo/contracts/watch';

// Pure rules of the watch page: what the stage shows, the countdown, the logo's placement, what the URL says.

/** A playback quality: the original, or the 标清 rendition while live transcoding runs. */
export type Quality = WatchPlayback['renditions'][number]['name'];

export type Stage = 'live' | 'notStarted' | 'waiting' | 'ended';

/**
 * The console's status rule (contracts activityStatusLabels) with the schedule read at `now`, since the page stays
 * open across the start and the end: live only while a push is received; otherwise before the start (countdown),
 * after the end (epilogue), or in between, waiting for the push (进行中 · 未推流, never 直播尚未开始).
 */
export function stageOf(page: Pick<WatchPage, 'activity'>, now = Date.now()): Stage {
  const { isPushing, startedAt, endedAt, status } = page.activity;
  const labels = activityStatusLabels({ status, isPushing, progress: progressAt(startedAt, endedAt, now) });
  if (labels.live) return 'live';
  if (labels.schedule === 'ended') return 'ended';
  if (labels.schedule === 'ongoing') return 'waiting';
  return 'notStarted';
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time left until `target`, never negative. */
export function countdownParts(target: number, now = Date.now()): CountdownParts {
  let left = Math.max(0, Math.floor((target - now) / 1000));
  const days = Math.floor(left / 86_400);
  left -= days * 86_400;
  const hours = Math.floor(left / 3600);
  left -= hours * 3600;
  const minutes = Math.floor(left / 60);
  return { days, hours, minutes, seconds: left - minutes * 60 };
}

/** The logo's base height in CSS pixels at scale 100. */
export const LOGO_BASE_HEIGHT = 56;

export function logoStyle(template: Pick<WatchTemplate, 'positionLogo' | 'imgLogoScale' | 'imgLogoTransparency'>) {
  if (template.positionLogo === 'hide') return null;
  return {
    height: Math.round((LOGO_BASE_HEIGHT * template.imgLogoScale) / 100),
    opacity: template.imgLogoTransparency / 100,
  };
}

/** The filled slots of a prologue, epilogue or scene list (saved lists are padded with empty slots). */
export const filledPaths = (paths: readonly string[]) => paths.filter((path) => path.trim() !== '');

/** /watch/{id} → id, or null. */
export function activityIdOf(pathname: string): number | null {
  const match = /^\/watch\/(\d{1,10})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The ditch sign of a share link (?ditch=…), if any. */
export function ditchOf(search: string): string | undefined {
  const sign = new URLSearchParams(search).get('ditch')?.trim();
  return sign ? sign.slice(0, 64) : undefined;
}

/** The inviter a link names (?invitedBy=), when it looks like a viewer id; the server decides whether it counts. */
export function invitedByOf(search: string): string | undefined {
  const inviter = new URLSearchParams(search).get('invitedBy')?.trim();
  return inviter && /^[A-Za-z0-9_-]{16,64}$/.test(inviter) ? inviter : undefined;
}

export const watchTokenKey = (activityId: number) => `yanbo.watchToken.${activityId}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** A start time as the audience reads it: 2026-03-01 19:30 in the viewer's zone. */
export function formatStart(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A text live post's time: 19:30 today, 03-01 19:30 on another day (the viewer's zone). */
export function formatPostTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.toDateString() === now.toDateString()
    ? time
    : `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
}

/** The rendition to play: the chosen quality while it is live, else the original. */
export function pickRendition(playback: WatchPlayback, quality: Quality): { flv: string; hls: string } {
  const chosen = playback.renditions.find((rendition) => rendition.name === quality);
  return chosen ?? { flv: playback.flv, hls: playback.hls };
}

/** The HLS address with the page's viewer id, so the server counts an HLS viewer online while it keeps fetching. */
export function withViewer(url: string, viewerId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${HLS_VIEWER_PARAM}=${encodeURIComponent(viewerId)}`;
}

/** The page remembers per activity that this browser subscribed (预约), so the button says 已预约. */
export const subscribedKey = (activityId: number) => `yanbo.subscribed.${activityId}`;
export const validMobile = (value: string) => /^1[3-9]\d{9}$/.test(value.trim());
export const validSmsCode = (value: string) => /^\d{6}$/.test(value.trim());

/** What a player's position says of it: its times in seconds (a <video>'s buffered and seekable ends, where it plays). */
export interface PlayerPosition {
  currentTime: number;
  bufferedEnd: number | null;
  seekableEnd: number | null;
  paused: boolean;
}

/**
 * How far behind the live edge the player plays, ms (the live operations screen's viewer latency): the buffered end
 * is the newest the page has of the stream (the seekable end when nothing is buffered: a Media Source player's
 * seekable range is its whole duration, no edge). Null when it does not play or knows no edge.
 */
export function playerLatencyMs(position: PlayerPosition | null): number | null {
  if (!position || position.paused) return null;
  const edge = position.bufferedEnd ?? position.seekableEnd ?? -1;
  if (edge < 0 || !Number.isFinite(edge)) return null;
  const ms = Math.round((edge - position.currentTime) * 1000);
  return ms >= 0 && ms <= WATCH_LATENCY_MAX_MS ? ms : null;
}

/** The position of the page's <video>, if it has one. */
export function videoPosition(video: HTMLVideoElement | null): PlayerPosition | null {
  if (!video) return null;
  const end = (ranges: TimeRanges) => (ranges.length > 0 ? ranges.end(ranges.length - 1) : null);
  return {
    currentTime: video.currentTime,
    bufferedEnd: end(video.buffered),
    seekableEnd: end(video.seekable),
    paused: video.paused,
  };
}

/**
 * WeChat's own browser, where a shared page's card comes from the JS-SDK. WeCom (企业微信, `wxwork`) also says
 * MicroMessenger but configures its JS-SDK with a corporation's id, not an official account's: it shares plainly.
 */
export const isWechatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent) && !/wxwork/i.test(userAgent);
