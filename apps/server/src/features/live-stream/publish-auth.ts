import type { Db } from '../../platform/db/database.ts';
import { keyMatches } from '../activities/activity-stream.ts';

// Whoever receives the push (the embedded RTMP server, or nginx-rtmp / SRS / a CDN through the webhooks) asks the same
// two questions: may this key publish to app/stream, and the push started or stopped.

export interface PublishTarget {
  activityId: number;
  agentId: number;
}

/** The activity a publish is for, when the key is right; null refuses the publish. */
export async function authorizePublish(
  db: Db,
  secretKey: string,
  app: string,
  stream: string,
  key: string,
): Promise<PublishTarget | null> {
  const row = await db
    .selectFrom('activities')
    .select(['id', 'agentId', 'streamKeySealed'])
    .where('app', '=', app)
    .where('stream', '=', stream)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row || !keyMatches(secretKey, row.streamKeySealed, key)) return null;
  return { activityId: row.id, agentId: row.agentId };
}

/** Records that app/stream started or stopped pushing; answers the activity when it changed. */
export async function setPushing(db: Db, app: string, stream: string, isPushing: boolean) {
  return db
    .updateTable('activities')
    .set({ isPushing, updatedAt: new Date() })
    .where('app', '=', app)
    .where('stream', '=', stream)
    .where('isPushing', '!=', isPushing)
    .returning(['id', 'agentId', 'isPushing'])
    .executeTakeFirst();
}
