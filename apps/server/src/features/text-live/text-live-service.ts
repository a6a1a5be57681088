import { TEXT_LIVE_ERRORS, type TextLivePost, type TextLivePostList, type textLivePostInput } from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { publishToViewers } from '../comments/index.ts';
import { publicActivity } from '../watch/index.ts';

// Text live (图文直播, issue 10): the organiser's posts, stored first and then sent to the activity's viewers over
// the chat socket (a textLivePost message; a deletion sends textLiveDeleted), so an open tab updates without reload.

type PostRow = { id: number; text: string; images: unknown; createdAt: Date };

const toPost = (row: PostRow): TextLivePost => ({
  id: row.id,
  text: row.text,
  images: Array.isArray(row.images) ? row.images.filter((image): image is string => typeof image === 'string') : [],
  createdAt: row.createdAt.toISOString(),
});

async function listPosts(db: Db, activityId: number, query: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('textLivePosts')
      .select(['id', 'text', 'images', 'createdAt'])
      .where('activityId', '=', activityId)
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('textLivePosts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toPost),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.count) },
  } satisfies TextLivePostList;
}

/** GET /v3/activity/{id}/text-live */
export async function listTextLivePosts(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<TextLivePostList> {
  return listPosts(db, await ownActivity(db, caller, activityId), query);
}

/** GET /api/watch/{id}/text-live: the same posts, of an activity its audience may see. */
export async function listWatchTextLivePosts(
  db: Db,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<TextLivePostList> {
  await publicActivity(db, activityId);
  return listPosts(db, activityId, query);
}

/** POST /v3/activity/{id}/text-live */
export async function createTextLivePost(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  input: z.output<typeof textLivePostInput>,
): Promise<TextLivePost> {
  await ownActivity(ctx.db, caller, activityId);
  const row = await ctx.db
    .insertInto('textLivePosts')
    .values({ activityId, agentId: caller.agentId, text: input.text, images: JSON.stringify(input.images) })
    .returning(['id', 'text', 'images', 'createdAt'])
    .executeTakeFirstOrThrow();
  const post = toPost(row);
  publishToViewers(ctx, activityId, { type: 'textLivePost', post });
  return post;
}

/** DELETE /v3/activity/{id}/text-live/{postId} */
export async function deleteTextLivePost(ctx: AppContext, caller: Caller, activityId: number, postId: number) {
  await ownActivity(ctx.db, caller, activityId);
  const gone = await ctx.db
    .deleteFrom('textLivePosts')
    .where('id', '=', postId)
    .where('activityId', '=', activityId)
    .where('agentId', '=', caller.agentId)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw notFound(TEXT_LIVE_ERRORS.postNotFound);
  publishToViewers(ctx, activityId, { type: 'textLiveDeleted', id: postId });
  return { ok: true as const };
}
