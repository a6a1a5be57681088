import {
  addDays,
  rangeDays,
  rangeInstants,
  type StatsRangeQuery,
  type StreamUsageModel,
  type StreamUsageSeries,
  type StreamUsageSummary,
  statsRange,
} from '@yanbo/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { FinanceSubject } from './finance-agent.ts';

// Stream usage by day (seed 001 §2), from what the ingest records (migration 012): one ingest session per push, from
// publish to unpublish, with the bytes its viewers received and its peak. A push's seconds are split over the days it
// spans (days in Beijing time, as the statistics'); its bytes and peak count on the day it started, because the ingest
// keeps one running total per push, not one per day. An open push counts until now.

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

interface Session {
  id: number;
  activityId: number;
  activityName: string | null;
  startedAt: Date;
  endedAt: Date | null;
  playbackBytes: string;
  peakViewers: number;
}

async function sessionsIn(db: Db, subject: FinanceSubject, from: Date, to: Date): Promise<Session[]> {
  let query = db
    .selectFrom('ingestSessions as s')
    .leftJoin('activities as a', 'a.id', 's.activityId')
    .select([
      's.id',
      's.activityId',
      'a.name as activityName',
      's.startedAt',
      's.endedAt',
      's.playbackBytes',
      's.peakViewers',
    ])
    .where('s.agentId', '=', subject.agent.id)
    .where('s.startedAt', '<', to)
    .where((eb) => eb.or([eb('s.endedAt', 'is', null), eb('s.endedAt', '>', from)]));
  // A sub-account sees the pushes of its own activities only.
  if (subject.subagentId !== null) query = query.where('a.subagentId', '=', subject.subagentId);
  return query.orderBy('s.id').execute();
}

const dayOf = (instant: Date) => new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS;

interface DayFigures {
  duration: number;
  flux: number;
  viewers: number;
}

async function usageByDay(db: Db, subject: FinanceSubject, query: StatsRangeQuery, now = new Date()) {
  const range = statsRange(query);
  const instants = rangeInstants(range);
  const from = new Date(instants.from);
  const to = new Date(instants.to);
  const sessions = await sessionsIn(db, subject, from, to);
  const days = new Map<string, DayFigures>();
  for (let i = 0; i < rangeDays(range.startTime, range.endTime); i++)
    days.set(addDays(range.startTime, i), { duration: 0, flux: 0, viewers: 0 });
  const perActivity = new Map<number, { name: string; figures: DayFigures }>();
  for (const session of sessions) {
    const end = Math.min((session.endedAt ?? now).getTime(), to.getTime());
    const start = Math.max(session.startedAt.getTime(), from.getTime());
    const activity = perActivity.get(session.activityId) ?? {
      name: session.activityName ?? `#${session.activityId}`,
      figures: { duration: 0, flux: 0, viewers: 0 },
    };
    perActivity.set(session.activityId, activity);
    for (let dayAt = dayStart(dayOf(new Date(start))); dayAt < end; dayAt += DAY_MS) {
      const day = days.get(dayOf(new Date(dayAt)));
      const seconds = Math.max(0, Math.round((Math.min(end, dayAt + DAY_MS) - Math.max(start, dayAt)) / 1000));
      if (!day) continue;
      day.duration += seconds;
      activity.figures.duration += seconds;
    }
    const startDay = days.get(dayOf(session.startedAt));
    if (startDay && session.startedAt >= from) {
      startDay.flux += Number(session.playbackBytes);
      startDay.viewers = Math.max(startDay.viewers, session.peakViewers);
      activity.figures.flux += Number(session.playbackBytes);
      activity.figures.viewers = Math.max(activity.figures.viewers, session.peakViewers);
    }
  }
  return { range, from, sessions, days, perActivity };
}

/** GET /v3/agent/stream-usage/summary. */
export async function streamUsageSummary(
  db: Db,
  subject: FinanceSubject,
  query: StatsRangeQuery,
): Promise<StreamUsageSummary> {
  const usage = await usageByDay(db, subject, query);
  const days = [...usage.days.values()];
  return {
    ...usage.range,
    sessions: usage.sessions.filter((session) => session.startedAt >= usage.from).length,
    pushSeconds: days.reduce((sum, day) => sum + day.duration, 0),
    playbackBytes: days.reduce((sum, day) => sum + day.flux, 0),
    peakViewers: days.reduce((peak, day) => Math.max(peak, day.viewers), 0),
    activities: usage.perActivity.size,
  };
}

/** GET /v3/agent/stream-usage/{model}: one figure per day of the range, and per activity. */
export async function streamUsageSeries(
  db: Db,
  subject: FinanceSubject,
  model: StreamUsageModel,
  query: StatsRangeQuery,
): Promise<StreamUsageSeries> {
  const usage = await usageByDay(db, subject, query);
  const days = [...usage.days.entries()].map(([date, figures]) => ({ date, value: figures[model] }));
  const combine = model === 'viewers' ? Math.max : (a: number, b: number) => a + b;
  return {
    model,
    ...usage.range,
    days,
    activities: [...usage.perActivity.entries()]
      .map(([activityId, activity]) => ({ activityId, activityName: activity.name, value: activity.figures[model] }))
      .sort((a, b) => b.value - a.value || a.activityId - b.activityId),
    total: days.reduce((sum, day) => combine(sum, day.value), 0),
  };
}
