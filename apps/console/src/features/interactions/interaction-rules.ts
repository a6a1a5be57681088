import type { Vote } from '@yanbo/contracts';

// The 互动 screen's rules, apart from antd so they are tested alone.

export const INTERACTION_TABS = ['votes', 'checkins', 'questions'] as const;
export type InteractionTab = (typeof INTERACTION_TABS)[number];
export const isInteractionTab = (value: string | null): value is InteractionTab =>
  (INTERACTION_TABS as readonly string[]).includes(value ?? '');

/** Each option's share of the voters, in whole percent (a multiple-choice vote's shares can add up past 100). */
export function optionPercents(vote: Pick<Vote, 'tally' | 'voters'>): number[] {
  return vote.tally.map((count) => (vote.voters === 0 ? 0 : Math.round((count / vote.voters) * 100)));
}

/** Whole seconds left until `endsAt`, never below 0. */
export function secondsLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

/** mm:ss (or h:mm:ss) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The options typed into the vote form: trimmed, blanks dropped. */
export const cleanOptions = (options: (string | undefined)[]) =>
  options.map((option) => (option ?? '').trim()).filter((option) => option !== '');

/** Durations offered for a check-in, in seconds. */
export const CHECKIN_DURATIONS = [30, 60, 180, 300, 600, 1800] as const;

/** The time a console shows: local date and time, to the second. */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/** The default check-in length when the sign-in extension is off. */
export const DEFAULT_CHECKIN_SECONDS = 60;

/**
 * The check-in form's starting values: the sign-in extension's title and duration while it is switched on (its
 * settings are the check-ins' rules), else a blank title and a minute.
 */
export function checkinDefaults(rules: { enabled: boolean; title: string; durationSeconds: number } | undefined): {
  title: string;
  durationSeconds: number;
} {
  return rules?.enabled
    ? { title: rules.title, durationSeconds: rules.durationSeconds }
    : { title: '', durationSeconds: DEFAULT_CHECKIN_SECONDS };
}

/** The durations offered: the usual ones, and the extension's own where it is none of them. */
export const checkinDurations = (own: number): number[] =>
  [...new Set<number>([...CHECKIN_DURATIONS, own])].sort((a, b) => a - b);
