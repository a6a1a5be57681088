import type { ChatServerMessage } from '@yanbo/contracts';
import { ERROR_MESSAGES, INTERACTION_ERRORS, INTERACTION_NICKNAME_MAX_LENGTH } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { scopeActivities } from '../../platform/tenancy.ts';
import { type ChatActivity, chatActivity, publishChat, restrictionsOf } from '../comments/index.ts';

// What the three interactions share: the console's activity (the caller's, a sub-account's only when assigned), the
// audience's activity (any that exists), the viewer (its watch-page id, audienceViewerOf) and the chat socket they are
// heard on.

export type InteractionActivity = ChatActivity;

/** The caller's activity, or 404 Activity Not Found. */
export async function consoleActivity(db: Db, caller: Caller, activityId: number): Promise<InteractionActivity> {
  const row = await scopeActivities(
    db.selectFrom('activities').select(['activities.id', 'activities.agentId', 'activities.subagentId']),
    caller,
  )
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/** An activity as the audience reaches it, or 404. */
export async function audienceActivity(db: Db, activityId: number): Promise<InteractionActivity> {
  const row = await chatActivity(db, activityId);
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/** The viewer taking part: its watch-page id, or 401 when the page has not given it one yet. */
function requireViewer(viewerId: string | undefined): string {
  if (!viewerId) throw unauthorized(INTERACTION_ERRORS.viewerUnknown);
  return viewerId;
}

/**
 * The viewer voting, checking in or asking: known (requireViewer) and not on the activity's blacklist (403). A
 * signed-in viewer's id is its mobile's, so the blacklist holds in every browser it signs in from.
 */
export async function requireParticipant(db: Db, activityId: number, viewerId: string | undefined): Promise<string> {
  const known = requireViewer(viewerId);
  if ((await restrictionsOf(db, activityId, known)).has('blacklist')) {
    throw forbidden(INTERACTION_ERRORS.blacklisted);
  }
  return known;
}

/** The name a viewer gives, bounded; a blank one becomes 观众 and the id's start. */
export function viewerNickname(nickname: string, viewerId: string): string {
  return nickname.trim().slice(0, INTERACTION_NICKNAME_MAX_LENGTH) || `观众${viewerId.slice(0, 4)}`;
}

/** Tells every viewer of the activity on the chat socket. */
export function tellViewers(ctx: AppContext, activityId: number, message: ChatServerMessage): void {
  publishChat(ctx, activityId, { type: 'chat.message', message });
}
