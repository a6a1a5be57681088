import { z } from 'zod';
import { defineCalls } from './call.ts';
import { isoDateTime, listOf, pageQuery } from './common.ts';
import { ACTIVITY_PAGE_SIZE } from './constants.ts';
import { statsParams, statsRangeQuery } from './stats.ts';

// What an activity's audience did, as the statistics count it (seed 001 §2 statistics pages percentage, interaction,
// income; §7 "Statistics and exports"): interactions, income, the share of viewers who checked in or signed in, and
// the agent's activities with their figures. Every figure covers the statistics' date range (the agent's calendar
// days, stats.ts), and the virtual audience (robots, which only comment) is counted apart from the real one.

const count = z.number().int();
const day = z.string();
const range = z.object({ startTime: z.string(), endTime: z.string() });

/** Seed 001 §7: "Interaction stats ask for comment, avote, gift, qa"; check-ins beside them. */
export const INTERACTION_FIGURES = ['comment', 'robotComment', 'avote', 'gift', 'qa', 'checkin'] as const;
export type InteractionFigure = (typeof INTERACTION_FIGURES)[number];

export const interactionFigures = z.object({
  /** Real viewers' comments that reached the chat (not refused, not deleted). */
  comment: count,
  /** The virtual audience's comments (robots). */
  robotComment: count,
  /** Ballots cast. */
  avote: count,
  /** Gifts sent, free and paid, counted one by one (a bunch of 10 roses is 10). */
  gift: count,
  /** Questions asked (not deleted). */
  qa: count,
  /** Check-ins taken. */
  checkin: count,
});
export type InteractionFigures = z.infer<typeof interactionFigures>;

/**
 * GET /v3/activity/{id}/stats/interactive: the range's totals, and per day from the first day with any interaction to
 * the end of the range (a chart starts where the data does, not at the left edge of an empty 90 days).
 */
export const statsInteractive = z.object({
  range,
  totals: interactionFigures,
  days: z.array(interactionFigures.extend({ date: day })),
});
export type StatsInteractive = z.infer<typeof statsInteractive>;

export const revenueFigures = z.object({
  /** fen: gifts viewers paid for (打赏). */
  giftReward: count,
  /** fen: paid viewing (付费观看). */
  perView: count,
  /** fen: giftReward + perView. */
  income: count,
  /** fen: red-packet money viewers grabbed (spent, not income). */
  redPacket: count,
});
export type RevenueFigures = z.infer<typeof revenueFigures>;

/** GET /v3/activity/{id}/revenue: the range's income and red packets, totals and per day (as the interactions). */
export const statsRevenue = z.object({
  range,
  totals: revenueFigures.extend({ paidGifts: count, redPacketGrabs: count }),
  days: z.array(revenueFigures.extend({ date: day })),
});
export type StatsRevenue = z.infer<typeof statsRevenue>;

/**
 * GET /activity/{id}/stats/percentage/checkin-user and /login-user: of the viewers seen in the range, how many checked
 * in (or signed in by SMS), the others, and the share in percent with one decimal.
 */
export const statsPercentage = z.object({
  range,
  viewers: count,
  count,
  others: count,
  percentage: z.number(),
});
export type StatsPercentage = z.infer<typeof statsPercentage>;

/** A part of a whole in percent with one decimal, 0 of nothing. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** GET /activity/stats: the agent's activities, paged as the activity list (seed 001 §9: page 1, size 15). */
export const channelStatsQuery = pageQuery(ACTIVITY_PAGE_SIZE).extend({
  name: z.string().trim().max(100).optional(),
});
export type ChannelStatsQuery = z.infer<typeof channelStatsQuery>;

/** One activity's figures over its whole life (seed 001 §7: "Channel stats ask for liveTime"). */
export const channelStats = z.object({
  id: z.number().int(),
  name: z.string(),
  isPushing: z.boolean(),
  createdAt: isoDateTime,
  pv: count,
  uv: count,
  /** Seconds pushed, every push summed (an open push up to now). */
  liveTime: count,
  /** The most real viewers at once in any push. */
  peakOnline: count,
  /** The most virtual viewers (robots) shown at once. */
  peakVirtual: count,
  comments: count,
  robotComments: count,
  /** fen: gift rewards and paid viewing. */
  income: count,
});
export type ChannelStats = z.infer<typeof channelStats>;
export const channelStatsList = listOf(channelStats);
export type ChannelStatsList = z.infer<typeof channelStatsList>;

export const statsAudienceCalls = defineCalls('stats', {
  getStatsInteractive: {
    method: 'GET',
    path: '/v3/activity/:id/stats/interactive',
    summary: 'Comments, ballots, gifts, questions and check-ins over a date range, in all and per day',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsInteractive,
  },
  getStatsRevenue: {
    method: 'GET',
    path: '/v3/activity/:id/revenue',
    summary: 'Gift rewards, paid viewing and red packets over a date range, in all and per day',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsRevenue,
  },
  getCheckinUserPercentage: {
    method: 'GET',
    path: '/activity/:id/stats/percentage/checkin-user',
    summary: 'The share of the range’s viewers who checked in',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsPercentage,
  },
  getLoginUserPercentage: {
    method: 'GET',
    path: '/activity/:id/stats/percentage/login-user',
    summary: 'The share of the range’s viewers who signed in by SMS',
    access: 'signedIn',
    params: statsParams,
    query: statsRangeQuery,
    response: statsPercentage,
  },
  listChannelStats: {
    method: 'GET',
    path: '/activity/stats',
    summary: 'The caller’s activities with their visits, live time, peak online, comments and income',
    access: 'signedIn',
    query: channelStatsQuery,
    response: channelStatsList,
  },
});
