import type { ChatServerMessage } from '@yanbo/contracts/comments';
import type { WatchVote } from '@yanbo/contracts/interactions';
import { useSyncExternalStore } from 'react';

// What the page's parts share about the interactions (votes, check-ins, questions, the questionnaire), without zod in
// the main bundle: the chat socket hands the interaction messages here (one socket per viewer, whoever opened it),
// and the vote shown in the chat box reads the vote the interaction layer holds and asks it to open.

export type InteractionMessage = Extract<
  ChatServerMessage,
  {
    type:
      | 'votePublished'
      | 'voteClosed'
      | 'voteResults'
      | 'voteDeleted'
      | 'checkinStarted'
      | 'checkinEnded'
      | 'questionAnswered'
      | 'questionDeleted'
      | 'questionnaireOpened'
      | 'questionnaireClosed';
  }
>;

const INTERACTION_TYPES: ReadonlySet<string> = new Set([
  'votePublished',
  'voteClosed',
  'voteResults',
  'voteDeleted',
  'checkinStarted',
  'checkinEnded',
  'questionAnswered',
  'questionDeleted',
  'questionnaireOpened',
  'questionnaireClosed',
]);

export const isInteractionMessage = (message: ChatServerMessage): message is InteractionMessage =>
  INTERACTION_TYPES.has(message.type);

// The viewer's socket coming back after a drop: whoever keeps state from its messages reads that state again.
let resyncs = 0;
const resyncListeners = new Set<() => void>();

export function emitResync() {
  resyncs += 1;
  for (const listener of resyncListeners) listener();
}

function onResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/** How many times the socket came back: an effect that reads state depends on it to read again. */
export function useResyncs(): number {
  return useSyncExternalStore(onResync, () => resyncs);
}

const listeners = new Set<(message: InteractionMessage) => void>();

/** The chat socket hands an interaction message to whoever listens. */
export function emitInteraction(message: InteractionMessage) {
  for (const listener of listeners) listener(message);
}

export function onInteraction(listener: (message: InteractionMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The vote the chat box shows (the template's isVoteChatboxEnabled), and the way to open it.
let chatboxVote: WatchVote | null = null;
let openVote: (voteId: number) => void = () => {};
const voteListeners = new Set<() => void>();

export function setChatboxVote(vote: WatchVote | null, open: (voteId: number) => void) {
  chatboxVote = vote;
  openVote = open;
  for (const listener of voteListeners) listener();
}

export function useChatboxVote(): { vote: WatchVote | null; open: (voteId: number) => void } {
  const vote = useSyncExternalStore(
    (listener) => {
      voteListeners.add(listener);
      return () => voteListeners.delete(listener);
    },
    () => chatboxVote,
  );
  return { vote, open: openVote };
}
