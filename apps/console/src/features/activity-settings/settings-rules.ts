import { type ActivityManager, type IntroTab, introTabs } from '@yanbo/contracts';
import { ApiError } from '../../app/http';

// The settings screen's rules, apart from the screen so they can be tested as they are.

/** The tabs of the screen, in order; ?tab= picks one (seed 001 calls them setting1 and so on). */
export const SETTINGS_TABS = [
  'watchCode',
  'menu',
  'shareCard',
  'invitation',
  'textLive',
  'manager',
  'meeting',
  'extensions',
  'subscribers',
  'sms',
  'officialUser',
  'paidView',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function tabFrom(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'watchCode';
}

export const EMPTY_MANAGER: ActivityManager = { avatar: '', nickname: '', isDefault: true };

/** Seed 001 §8: an activity manager fetch failing with 404 is ignored and the manager is empty. */
export async function managerOrEmpty(fetching: Promise<ActivityManager>): Promise<ActivityManager> {
  try {
    return await fetching;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMPTY_MANAGER;
    throw error;
  }
}

/** An image address the screen accepts: empty, an absolute http(s) URL or a path on this site. */
export function isImageAddress(value: string): boolean {
  return value === '' || /^https?:\/\/\S+$/i.test(value) || /^\/\S*$/.test(value);
}

/** A key for a new menu entry that none of the others has. */
export function freeMenuKey(tabs: readonly Pick<IntroTab, 'key'>[]): string {
  const taken = new Set(tabs.map((tab) => tab.key));
  let n = tabs.length + 1;
  while (taken.has(`tab${n}`)) n++;
  return `tab${n}`;
}

/** Moves the entry at `from` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveEntry<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/** The first menu problem the server would refuse (by the contract itself), as the index and field, or null. */
export function menuProblem(tabs: unknown): { index: number; field: string; message: string } | null {
  const parsed = introTabs.safeParse(tabs);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue
    ? { index: Number(issue.path[0] ?? 0), field: String(issue.path[1] ?? ''), message: issue.message }
    : null;
}

/** Share links and watch codes are copied as full addresses on this site. */
export function absoluteUrl(path: string, origin: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A time in the meeting room: 1:02:03 from an hour, 02:03 under it. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/**
 * A questionnaire question's options as the form checks them (the server's questionnaireSetupProblem): a choice
 * question needs at least two, all different; a text question keeps none.
 */
export function questionOptionsProblem(type: string | undefined, options: readonly string[] | undefined) {
  if (type === 'text') return null;
  const cleaned = (options ?? []).map((option) => option.trim()).filter(Boolean);
  if (cleaned.length < 2) return 'tooFew' as const;
  if (new Set(cleaned).size !== cleaned.length) return 'repeated' as const;
  return null;
}

/** An option's share of those who answered its question, in whole percent (multiple choice may add past 100). */
export const answerShare = (count: number, answered: number) =>
  answered === 0 ? 0 : Math.round((count / answered) * 100);
