import type { AppContext } from '../../app-context.ts';
import { announcePushing } from '../../platform/realtime/hub.ts';
import { activityOnStream, keyMatches, recordPushing } from '../activities/index.ts';
import { remindSubscribers } from '../watch/index.ts';

// Whoever receives the push (the embedded RTMP server, or nginx-rtmp / SRS / a CDN through the webhooks) asks the same
// two questions: may this key publish to app/stream, and the push started or stopped.

/** What the publish checks need: the database, the key's secret, the consoles to tell and the subscribers to text. */
export type PublishDeps = Pick<AppContext, 'db' | 'secretKey' | 'realtime' | 'sms'>;

export interface PublishTarget {
  activityId: number;
  agentId: number;
}

/** The activity a publish is for, when the key is right; null refuses the publish. */
export async function authorizePublish(
  ctx: PublishDeps,
  app: string,
  stream: string,
  key: string,
): Promise<PublishTarget | null> {
  const row = await activityOnStream(ctx.db, app, stream)
    .select(['id', 'agentId', 'streamKeySealed'])
    .executeTakeFirst();
  if (!row || !keyMatches(ctx.secretKey, row.streamKeySealed, key)) return null;
  return { activityId: row.id, agentId: row.agentId };
}

const toStderr = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Records that app/stream started or stopped pushing and tells the agent's consoles; a start also sends the
 * activity's reminders (in the background: the publish does not wait for them).
 */
export async function setPushing(
  ctx: PublishDeps,
  app: string,
  stream: string,
  isPushing: boolean,
  log: (line: string) => void = toStderr,
) {
  const changed = await recordPushing(ctx.db, app, stream, isPushing);
  if (changed) {
    announcePushing(ctx.realtime, changed, isPushing);
    if (isPushing) remindSubscribers(ctx, changed.id, log);
  }
  return changed;
}
