import { type ChatComment, chatComment } from '@yanbo/contracts';
import { z } from 'zod';

// A `comment` event (the console's server-sent events): a comment was just posted in one of the agent's activities,
// a pending one included. The moderation screen of that activity listens for them while it is shown.

const commentEvent = z.object({ activityId: z.number().int(), comment: chatComment });
export type CommentEvent = z.infer<typeof commentEvent>;

/** The event's data, or null when it is not a comment this console understands. */
export function parseCommentEvent(data: string): CommentEvent | null {
  try {
    const parsed = commentEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface CommentListener {
  activityId: number;
  onComment(comment: ChatComment): void;
  /** The stream was down for a while: what was said meanwhile isn't coming as events. */
  onResync(): void;
}

const listeners = new Set<CommentListener>();

/** Answers the function that stops listening. */
export function listenForComments(listener: CommentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function deliverComment(data: string) {
  const event = parseCommentEvent(data);
  if (!event) return;
  for (const listener of listeners) if (listener.activityId === event.activityId) listener.onComment(event.comment);
}

export function resyncComments() {
  for (const listener of listeners) listener.onResync();
}
