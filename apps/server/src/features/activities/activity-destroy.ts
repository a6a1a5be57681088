import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { DB } from '../../platform/db/schema.ts';
import { stopJobWhereItRuns } from '../../platform/realtime/job-owner.ts';
import { activityPhotoFolder } from '../../platform/storage/activity-folders.ts';
import { removeStoredFolder } from '../../platform/storage/file-removal.ts';
import { ownActivity } from '../../platform/tenancy.ts';

// POST /v3/activity/{id}/destroy: the activity is gone for good, with everything it owns, in one transaction. What
// refers to it is found in the database's own foreign keys, so a table added later by another feature is covered:
// a row that cannot exist without the activity (a not-null reference: settings, meetings and their participants,
// extensions, stream jobs, ingest sessions, ...) is deleted, children first; a row that only points at it (a nullable
// reference, e.g. a library media item used by it) is unlinked. Ditches bound to it are its own and are deleted.
//
// Stored files go once the transaction has committed, in the background (a big photo live holds thousands), and a file
// that cannot be removed never fails the destroy (platform/storage/file-removal.ts). Only the files nothing else may
// use go: the photos' pictures. Its other uploads stay, as copies of the activity and other pages may show them and its
// form attachments belong to the records kept with their form; its media and documents are the agent's library's,
// only unlinked from it.

/** Nullable references that still mean "owned by": deleted with the activity rather than unlinked. */
const OWNED_THROUGH_NULLABLE = new Set(['promotion_channels.activity_id']);
const MAX_DEPTH = 8;

interface Reference {
  child: string;
  childColumn: string;
  parentColumn: string;
  notNull: boolean;
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
// regclass::text is already quoted where needed (and schema-qualified only outside the search path).
const table = (name: string) => sql.raw(name);

async function referencesTo(trx: Transaction<DB>, parent: string): Promise<Reference[]> {
  const { rows } = await sql<Reference>`
    select c.conrelid::regclass::text as child, a.attname as child_column, pa.attname as parent_column,
           a.attnotnull as not_null
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and c.confrelid = ${parent}::regclass and cardinality(c.conkey) = 1
     order by 1, 2`.execute(trx);
  return rows;
}

/** Deletes the rows of `parent` matching `where`, after what they own and with what only points at them unlinked. */
async function purge(trx: Transaction<DB>, parent: string, where: ReturnType<typeof sql>, depth: number) {
  if (depth > MAX_DEPTH) throw new Error(`destroy: references nested deeper than ${MAX_DEPTH} under ${parent}`);
  for (const ref of await referencesTo(trx, parent)) {
    if (ref.child === parent) continue;
    const matching = sql`${ident(ref.childColumn)} in (select ${ident(ref.parentColumn)} from ${table(parent)} where ${where})`;
    if (ref.notNull || OWNED_THROUGH_NULLABLE.has(`${ref.child}.${ref.childColumn}`)) {
      await purge(trx, ref.child, matching, depth + 1);
    } else {
      await sql`update ${table(ref.child)} set ${ident(ref.childColumn)} = null where ${matching}`.execute(trx);
    }
  }
  await sql`delete from ${table(parent)} where ${where}`.execute(trx);
}

export async function destroyActivity(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  log: (line: string) => void,
) {
  await ownActivity(ctx.db, caller, activityId);
  const activity = await ctx.db
    .selectFrom('activities')
    .select(['app', 'stream'])
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  const relays = await ctx.db
    .selectFrom('streamJobs')
    .select(['id', 'ownerProcess'])
    .where('activityId', '=', activityId)
    .where('status', '=', 'running')
    .execute();
  await ctx.db.transaction().execute((trx) => purge(trx, 'activities', sql`id = ${activityId}`, 0));
  void removeStoredFolder(ctx.files, activityPhotoFolder(activityId), { log });
  // A running push is cut: the relays feeding it stop and the encoder is disconnected (its key is gone with the row).
  for (const job of relays) stopJobWhereItRuns(ctx, job);
  if (activity.stream) ctx.ingest?.disconnectPublisher(activity.app, activity.stream);
  return { ok: true as const };
}
