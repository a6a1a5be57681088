import type { WatchVote } from '@yanbo/contracts/interactions';
import { CHAT_NICKNAME_KEY, defaultNickname } from './chat-rules';

// The interaction layer's rules, apart from React so they are tested alone.

/** The name the viewer chose for the chat, or its default. */
export function viewerName(viewerId: string | null): string {
  try {
    const kept = window.localStorage.getItem(CHAT_NICKNAME_KEY)?.trim();
    if (kept) return kept;
  } catch {
    // private mode
  }
  return defaultNickname(viewerId ?? 'viewer');
}

/** A vote the viewer can still vote in. */
export const canVote = (vote: WatchVote) => vote.status === 'published' && vote.myChoices === null;

/** The vote the page offers: the newest open one, else the newest closed one. */
export function featuredVote(votes: readonly WatchVote[]): WatchVote | null {
  return votes.find((vote) => vote.status === 'published') ?? votes[0] ?? null;
}

/** The sheet may be dismissed unless the template forbids it while the viewer still has to vote. */
export const mayDismiss = (vote: WatchVote, disableClose: boolean) => !(disableClose && canVote(vote));

/** Choosing an option: a single-choice vote replaces the choice; a multiple one toggles it, up to maxChoices. */
export function toggleChoice(vote: Pick<WatchVote, 'kind' | 'maxChoices'>, chosen: number[], option: number): number[] {
  if (vote.kind === 'single') return [option];
  if (chosen.includes(option)) return chosen.filter((choice) => choice !== option);
  if (chosen.length >= vote.maxChoices) return chosen;
  return [...chosen, option];
}

/** Each option's share of the voters, in whole percent. */
export const sharesOf = (vote: Pick<WatchVote, 'tally' | 'voters'>) =>
  vote.tally.map((count) => (vote.voters === 0 ? 0 : Math.round((count / vote.voters) * 100)));

/** A vote after a change heard on the socket, or the list without it. */
export function upsertVote(votes: readonly WatchVote[], vote: WatchVote): WatchVote[] {
  const known = votes.find((item) => item.id === vote.id);
  // The socket's copy names no ballot; the viewer's own stays.
  const merged = { ...vote, myChoices: known?.myChoices ?? vote.myChoices };
  return known ? votes.map((item) => (item.id === vote.id ? merged : item)) : [merged, ...votes];
}

/** Seconds left until endsAt, never below 0. */
export const secondsUntil = (endsAt: string, now: number) => Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
