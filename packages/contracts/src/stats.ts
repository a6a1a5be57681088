import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, isoDateTime, listOf, pageQuery } from './common.ts';

// An activity's statistics (seed 001 §2 "Statistics pages", §7 "Statistics and exports"), counted from the visits the
// watch page records. Days are calendar days in the agent's time zone; every figure covers the query's date range.

/** The time zone the statistics count days and hours in. */
export const STATS_TIME_ZONE = 'Asia/Shanghai';
/** Asia/Shanghai keeps no daylight saving: always UTC+8. */
const STATS_UTC_OFFSET_MS = 8 * 3600_000;
/** Seed 001 §7: "The date filter in statistics defaults to the last 89 days up to today." */
export const STATS_DEFAULT_RANGE_DAYS = 89;
/** The longest range one request may ask for. */
export const STATS_MAX_RANGE_DAYS = 366;
/** A range of at most this many days is drawn per hour, a longer one per day. */
export const STATS_HOURLY_MAX_DAYS = 2;
export const STATS_VISIT_PAGE_SIZE = 10;

export const STATS_DEVICES = ['mobile', 'desktop', 'tablet', 'other'] as const;
export type StatsDeviceClass = (typeof STATS_DEVICES)[number];
export const STATS_BROWSERS = ['wechat', 'chrome', 'safari', 'firefox', 'edge', 'opera', 'other'] as const;
export type StatsBrowser = (typeof STATS_BROWSERS)[number];

/** Region buckets beside the provinces (issue 11): loopback and private addresses, another country, no answer. */
export const STATS_REGION_LAN = '局域网';
export const STATS_REGION_ABROAD = '海外';
export const STATS_REGION_UNKNOWN = '未知';
/** The concurrent-viewer curve has at most this many points; a longer span is drawn in wider steps. */
export const STATS_ONLINE_MAX_POINTS = 1_500;
/** The widths (minutes) the curve may step in, the narrowest that keeps it within STATS_ONLINE_MAX_POINTS. */
export const STATS_ONLINE_STEPS = [1, 5, 15, 60, 360, 1440] as const;

const DAY_MS = 86_400_000;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date, expected YYYY-MM-DD');

/** Today's date (YYYY-MM-DD) in the statistics' time zone. */
export function statsToday(now: Date = new Date()): string {
  return new Date(now.getTime() + STATS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** A date moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from start to end, both counted (a single day is 1). */
export function rangeDays(startTime: string, endTime: string): number {
  return Math.round((Date.parse(`${endTime}T00:00:00Z`) - Date.parse(`${startTime}T00:00:00Z`)) / DAY_MS) + 1;
}

export interface StatsRange {
  startTime: string;
  endTime: string;
}

/** The range a query means: missing ends default to the last 89 days up to today (seed 001 §7). */
export function statsRange(query: { startTime?: string; endTime?: string }, now: Date = new Date()): StatsRange {
  const endTime = query.endTime ?? statsToday(now);
  const startTime = query.startTime ?? addDays(query.endTime ?? statsToday(now), -STATS_DEFAULT_RANGE_DAYS);
  return { startTime, endTime };
}

/** The instants a range covers: from the start day's midnight to the midnight after the end day, in UTC. */
export function rangeInstants(range: StatsRange): { from: string; to: string } {
  const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - STATS_UTC_OFFSET_MS).toISOString();
  return { from: midnight(range.startTime), to: midnight(addDays(range.endTime, 1)) };
}

export type StatsInterval = 'hour' | 'day';
/** Short ranges are drawn per hour, longer ones per day. */
export function timelineInterval(range: StatsRange): StatsInterval {
  return rangeDays(range.startTime, range.endTime) <= STATS_HOURLY_MAX_DAYS ? 'hour' : 'day';
}

/** The bucket label of an instant: `YYYY-MM-DD` per day, `YYYY-MM-DD HH:00` per hour, in the statistics' zone. */
export function bucketOf(instant: Date, interval: StatsInterval): string {
  const local = new Date(instant.getTime() + STATS_UTC_OFFSET_MS).toISOString();
  return interval === 'day' ? local.slice(0, 10) : `${local.slice(0, 10)} ${local.slice(11, 13)}:00`;
}

const rangeFields = { startTime: date.optional(), endTime: date.optional() };

/** A calendar date that exists (not 2026-02-30), as YYYY-MM-DD. */
function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The range rules: real dates, the end not before the start, at most 366 days. */
function checkRange(query: { startTime?: string; endTime?: string }, check: z.RefinementCtx) {
  for (const key of ['startTime', 'endTime'] as const) {
    const value = query[key];
    if (value === undefined || isRealDate(value)) continue;
    // zod runs this check even when the field's own format check failed (an empty `endTime=`): that issue is
    // reported already, and no range can be computed from the value.
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) check.addIssue({ code: 'custom', path: [key], message: 'Invalid date' });
    return;
  }
  const range = statsRange(query);
  const days = rangeDays(range.startTime, range.endTime);
  if (days < 1) check.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must not be before startTime' });
  else if (days > STATS_MAX_RANGE_DAYS)
    check.addIssue({
      code: 'custom',
      path: ['startTime'],
      message: `The range must be at most ${STATS_MAX_RANGE_DAYS} days`,
    });
}

/** startTime and endTime (YYYY-MM-DD, the agent's calendar days, both included), validated together. */
export const statsRangeQuery = z.object(rangeFields).superRefine(checkRange);
export type StatsRangeQuery = z.infer<typeof statsRangeQuery>;

export const statsParams = z.object({ id });

const range = z.object({ startTime: z.string(), endTime: z.string() });

/** GET /activity/{id}/stats: the overview (seed 001 §7: "Overall stats ask for puv, avgWatchTime, ..."). */
export const statsOverview = z.object({
  activityId: z.number().int(),
  range,
  pv: z.number().int(),
  uv: z.number().int(),
  /** Seconds watched per viewer (total watch time over UV), rounded. */
  avgWatchTime: z.number().int(),
  totalWatchTime: z.number().int(),
  /** The most viewers at once during the range's pushes; null when the activity was not pushed in the range. */
  peakOnline: z.number().int().nullable(),
  /** Today's visits and viewers, whatever the range. */
  todayPv: z.number().int(),
  todayUv: z.number().int(),
});
export type StatsOverview = z.infer<typeof statsOverview>;

/** GET /v3/activity/{id}/stats/timeline: PV and UV per hour or per day, every bucket of the range present. */
export const statsTimeline = z.object({
  range,
  interval: z.enum(['hour', 'day']),
  points: z.array(z.object({ time: z.string(), pv: z.number().int(), uv: z.number().int() })),
});
export type StatsTimeline = z.infer<typeof statsTimeline>;

/** GET /v3/activity/{id}/stats/referrer/json: visits by ditch and by referring host, most first. */
export const statsReferrer = z.object({
  range,
  total: z.number().int(),
  /** sign null: visits through no ditch; name null: a ditch deleted since. */
  ditches: z.array(z.object({ sign: z.string().nullable(), name: z.string().nullable(), visits: z.number().int() })),
  /** host '': no referrer (a direct visit). */
  referrers: z.array(z.object({ host: z.string(), visits: z.number().int() })),
});
export type StatsReferrer = z.infer<typeof statsReferrer>;

/** GET /v3/activity/{id}/stats/device/json: visits by device class (all four) and by browser family. */
export const statsDevice = z.object({
  range,
  total: z.number().int(),
  devices: z.array(z.object({ device: z.enum(STATS_DEVICES), visits: z.number().int() })),
  browsers: z.array(z.object({ browser: z.enum(STATS_BROWSERS), visits: z.number().int() })),
});
export type StatsDevice = z.infer<typeof statsDevice>;

/** GET /v3/activity/{id}/stats/user-visits: the range's visits, visitAt descending (seed 001 §7), 10 a page. */
export const statsUserVisitsQuery = pageQuery(STATS_VISIT_PAGE_SIZE).extend(rangeFields).superRefine(checkRange);
export type StatsUserVisitsQuery = z.infer<typeof statsUserVisitsQuery>;
export const statsUserVisit = z.object({
  id: z.number().int(),
  viewerId: z.string(),
  visitAt: isoDateTime,
  lastSeenAt: isoDateTime,
  device: z.enum(STATS_DEVICES),
  browser: z.enum(STATS_BROWSERS),
  ditch: z.object({ sign: z.string(), name: z.string().nullable() }).nullable(),
  referrer: z.string(),
  watchSeconds: z.number().int(),
  ip: z.string(),
});
export type StatsUserVisit = z.infer<typeof statsUserVisit>;
export const statsUserVisits = listOf(statsUserVisit);
export type StatsUserVisits = z.infer<typeof statsUserVisits>;

/**
 * GET /v3/activity/{id}/stats/region/json: visits and distinct viewers by province and by city, from the viewer's IP
 * when the visit was recorded. province is the map's short name (广东, 北京, 内蒙古) or one of the buckets
 * 局域网 (loopback and private addresses), 海外 (abroad: city is the country) and 未知 (no answer); city '' is not known.
 */
export const statsRegion = z.object({
  range,
  total: z.number().int(),
  /** Distinct viewers of the range (the overview's UV). */
  viewers: z.number().int(),
  provinces: z.array(z.object({ province: z.string(), visits: z.number().int(), viewers: z.number().int() })),
  cities: z.array(
    z.object({ province: z.string(), city: z.string(), visits: z.number().int(), viewers: z.number().int() }),
  ),
});
export type StatsRegion = z.infer<typeof statsRegion>;

const onlinePeak = z.object({ viewers: z.number().int(), at: isoDateTime }).nullable();

/**
 * GET /v3/activity/{id}/stats/online: the concurrent viewers across the range's pushes, from the live operations'
 * samples (every 10 s while it pushes): real viewers (robots never among them) and the virtual audience apart, the most
 * of each within every step, and the peaks with when they were. Only steps with samples are listed.
 */
export const statsOnline = z.object({
  range,
  stepMinutes: z.number().int(),
  points: z.array(z.object({ time: isoDateTime, real: z.number().int(), virtual: z.number().int() })),
  peakReal: onlinePeak,
  peakVirtual: onlinePeak,
  /** Real and virtual together, as the viewers were shown it. */
  peakShown: onlinePeak,
});
export type StatsOnline = z.infer<typeof statsOnline>;

export const statsCalls = defineCalls('stats', {
  getStatsOverview: {
    method: 'GET',
    path: '/activity/:id/stats',
    summary: 'An activity’s visits, viewers, watch time and peak online over a date range',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsOverview,
  },
  getStatsTimeline: {
    method: 'GET',
    path: '/v3/activity/:id/stats/timeline',
    summary: 'Visits and viewers per hour or per day over a date range',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsTimeline,
  },
  getStatsReferrers: {
    method: 'GET',
    path: '/v3/activity/:id/stats/referrer/json',
    summary: 'Visits by ditch and by referring host over a date range',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsReferrer,
  },
  getStatsDevices: {
    method: 'GET',
    path: '/v3/activity/:id/stats/device/json',
    summary: 'Visits by device class and by browser over a date range',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsDevice,
  },
  listStatsUserVisits: {
    method: 'GET',
    path: '/v3/activity/:id/stats/user-visits',
    summary: 'The visits of a date range, latest first, a page at a time',
    access: 'signedIn',
    params: statsParams,
    query: statsUserVisitsQuery,
    response: statsUserVisits,
  },
  getStatsRegions: {
    method: 'GET',
    path: '/v3/activity/:id/stats/region/json',
    summary: 'Visits and viewers by province and by city over a date range',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsRegion,
  },
  getStatsOnline: {
    method: 'GET',
    path: '/v3/activity/:id/stats/online',
    summary: 'Concurrent real and virtual viewers per minute across the pushes of a date range, with the peaks',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsOnline,
  },
});
