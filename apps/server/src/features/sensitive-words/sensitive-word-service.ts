import {
  SENSITIVE_WORD_ERRORS,
  SENSITIVE_WORD_LISTS_PER_AGENT,
  type SensitiveCheckInput,
  type SensitiveCheckResult,
  type SensitiveWordList,
  type SensitiveWordLists,
  type sensitiveWordListInput,
  type sensitiveWordListQuery,
  type sensitiveWordListUpdate,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { unlessTaken } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ownRows, updateOwnRows } from '../../platform/tenancy.ts';
import { compileMatcher, type SensitiveWordMatcher } from './sensitive-word-matcher.ts';

// An agent's sensitive word lists (seed 000 §7): every account of the agent reads them and checks texts against them;
// the main account edits them. Ids from the URL are the caller's agent's or answer 404.

const nameTaken = () => conflict(SENSITIVE_WORD_ERRORS.nameTaken, undefined, 'name');
const listNotFound = () => notFound(SENSITIVE_WORD_ERRORS.listNotFound);

type Row = {
  id: number;
  name: string;
  words: string[];
  action: SensitiveWordList['action'];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};
const COLUMNS = ['id', 'name', 'words', 'action', 'enabled', 'createdAt', 'updatedAt'] as const;

const toList = (row: Row): SensitiveWordList => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSensitiveWordLists(
  db: Db,
  caller: Caller,
  query: z.output<typeof sensitiveWordListQuery>,
): Promise<SensitiveWordLists> {
  const { items, pager } = await page(
    ownRows(db, 'sensitiveWordLists', caller).select(COLUMNS).orderBy('id', 'asc'),
    query,
  );
  return { items: items.map(toList), pager };
}

export async function createSensitiveWordList(
  db: Db,
  caller: Caller,
  body: z.output<typeof sensitiveWordListInput>,
): Promise<SensitiveWordList> {
  const held = await ownRows(db, 'sensitiveWordLists', caller)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= SENSITIVE_WORD_LISTS_PER_AGENT) throw badRequest(SENSITIVE_WORD_ERRORS.tooManyLists);
  const row = await unlessTaken(
    db
      .insertInto('sensitiveWordLists')
      .values({ agentId: caller.agentId, ...body })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
    nameTaken,
  );
  return toList(row);
}

export async function updateSensitiveWordList(
  db: Db,
  caller: Caller,
  listId: number,
  body: z.output<typeof sensitiveWordListUpdate>,
): Promise<SensitiveWordList> {
  const row = await unlessTaken(
    updateOwnRows(db, 'sensitiveWordLists', caller)
      .set({ ...body, updatedAt: sql<Date>`clock_timestamp()` })
      .where('id', '=', listId)
      .returning(COLUMNS)
      .executeTakeFirst(),
    nameTaken,
  );
  if (!row) throw listNotFound();
  return toList(row);
}

// Compiled matchers, one per agent, reused while its lists are unchanged: every edit moves updatedAt, so the
// (count, latest change to the microsecond) pair names a version. Bounded: the least recently used agent's matcher goes first.
const MAX_CACHED_MATCHERS = 1_000;
const matchers = new Map<string, { version: string; matcher: SensitiveWordMatcher }>();

async function matcherFor(db: Db, agentId: number, listId: number | undefined): Promise<SensitiveWordMatcher> {
  let lists = db.selectFrom('sensitiveWordLists').where('agentId', '=', agentId);
  lists = listId === undefined ? lists.where('enabled', '=', true) : lists.where('id', '=', listId);
  const stamp = await lists
    .select((eb) => [eb.fn.countAll<string>().as('count'), sql<string | null>`max(updated_at)::text`.as('latest')])
    .executeTakeFirstOrThrow();
  if (listId !== undefined && Number(stamp.count) === 0) throw listNotFound();
  const key = `${agentId}:${listId ?? 'enabled'}`;
  const version = `${stamp.count}:${stamp.latest ?? ''}`;
  const cached = matchers.get(key);
  if (cached?.version === version) {
    matchers.delete(key);
    matchers.set(key, cached);
    return cached.matcher;
  }
  const rows = await lists.select(['id', 'words', 'action']).execute();
  const matcher = compileMatcher(rows);
  matchers.set(key, { version, matcher });
  if (matchers.size > MAX_CACHED_MATCHERS) matchers.delete(matchers.keys().next().value as string);
  return matcher;
}

/** The matcher of the agent's enabled lists: what the chat applies to every comment and nickname. */
export function agentMatcher(db: Db, agentId: number): Promise<SensitiveWordMatcher> {
  return matcherFor(db, agentId, undefined);
}

/** A text matched against the agent's enabled lists, or against one list of its own. */
export async function checkSensitiveWords(
  db: Db,
  caller: Caller,
  body: SensitiveCheckInput,
): Promise<SensitiveCheckResult> {
  return (await matcherFor(db, caller.agentId, body.listId)).check(body.text);
}
