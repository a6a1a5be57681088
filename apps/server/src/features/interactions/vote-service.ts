import {
  type AgentVote,
  type AgentVoteList,
  type agentVoteListQuery,
  ballotError,
  type ballotInput,
  INTERACTION_ERRORS,
  type Vote,
  type VoteList,
  voteChoiceRuleError,
  type voteInput,
  type voteListQuery,
  type voteUpdate,
  WATCH_VOTE_LIMIT,
  type WatchVote,
  type WatchVotes,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { scopeActivities } from '../../platform/tenancy.ts';
import {
  audienceActivity,
  consoleActivity,
  type InteractionActivity,
  requireParticipant,
  tellViewers,
  viewerNickname,
} from './interaction-scope.ts';

// Votes (投票; seed 001 §3 "Vote config with a pager", the template's vote flags): the console drafts a vote, publishes
// it to the viewers and closes it; each viewer casts one ballot per vote while it is published, single choice or up to
// maxChoices. The tally is kept on the vote in the ballot's transaction (the vote row locked), so the results are
// read, never counted, and a ballot can never land on a closed vote.

const voteNotFound = () => notFound(INTERACTION_ERRORS.voteNotFound);

const COLUMNS = [
  'id',
  'title',
  'kind',
  'maxChoices',
  'options',
  'status',
  'tally',
  'voters',
  'publishedAt',
  'closedAt',
  'createdAt',
] as const;
interface Row {
  id: number;
  title: string;
  kind: string;
  maxChoices: number;
  options: unknown;
  status: string;
  tally: unknown;
  voters: number;
  publishedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
}

const toVote = (row: Row): Vote => ({
  id: row.id,
  title: row.title,
  kind: row.kind as Vote['kind'],
  maxChoices: row.maxChoices,
  options: row.options as string[],
  status: row.status as Vote['status'],
  tally: row.tally as number[],
  voters: row.voters,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  closedAt: row.closedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const toWatchVote = (row: Row, myChoices: number[] | null): WatchVote => {
  const { createdAt: _, ...vote } = toVote(row);
  return { ...vote, myChoices };
};

export async function listVotes(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof voteListQuery>,
): Promise<VoteList> {
  const activity = await consoleActivity(db, caller, activityId);
  const { items, pager } = await page(
    db.selectFrom('votes').select(COLUMNS).where('activityId', '=', activity.id).orderBy('id', 'desc'),
    query,
  );
  return { items: items.map(toVote), pager };
}

export async function createVote(
  db: Db,
  caller: Caller,
  activityId: number,
  body: z.output<typeof voteInput>,
): Promise<Vote> {
  const activity = await consoleActivity(db, caller, activityId);
  const row = await db
    .insertInto('votes')
    .values({
      activityId: activity.id,
      agentId: activity.agentId,
      title: body.title,
      kind: body.kind,
      maxChoices: body.maxChoices,
      options: JSON.stringify(body.options),
      tally: JSON.stringify(body.options.map(() => 0)),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toVote(row);
}

/** The votes of the caller's activities (a sub-account's: those assigned to it), each with its activity. */
function agentVotes(db: Db, caller: Caller) {
  return db
    .selectFrom('votes')
    .innerJoin('activities', 'activities.id', 'votes.activityId')
    .select(COLUMNS.map((column) => `votes.${column}` as const))
    .select(['activities.id as activityId', 'activities.name as activityName'])
    .where('votes.activityId', 'in', scopeActivities(db.selectFrom('activities').select('activities.id'), caller));
}

const toAgentVote = (row: Row & { activityId: number; activityName: string }): AgentVote => ({
  ...toVote(row),
  activity: { id: row.activityId, name: row.activityName },
});

/** GET /v3/agent/vote: the applications' 投票 list, across the caller's activities. */
export async function listAgentVotes(
  db: Db,
  caller: Caller,
  query: z.output<typeof agentVoteListQuery>,
): Promise<AgentVoteList> {
  let rows = agentVotes(db, caller).orderBy('votes.id', 'desc');
  if (query.activityId !== undefined) rows = rows.where('votes.activityId', '=', query.activityId);
  if (query.status !== undefined) rows = rows.where('votes.status', '=', query.status);
  if (query.title) rows = rows.where('votes.title', 'ilike', containing(query.title));
  const { items, pager } = await page(rows, query);
  return { items: items.map(toAgentVote), pager };
}

/** GET /v3/agent/vote/{id}: one vote of the caller's activities, or 404 Vote Not Found. */
export async function getAgentVote(db: Db, caller: Caller, voteId: number): Promise<AgentVote> {
  const row = await agentVotes(db, caller).where('votes.id', '=', voteId).executeTakeFirst();
  if (!row) throw voteNotFound();
  return toAgentVote(row);
}

async function voteOf(db: Db, activity: InteractionActivity, voteId: number): Promise<Row> {
  const row = await db
    .selectFrom('votes')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('id', '=', voteId)
    .executeTakeFirst();
  if (!row) throw voteNotFound();
  return row;
}

export async function updateVote(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  voteId: number,
  body: z.output<typeof voteUpdate>,
): Promise<Vote> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  const current = await voteOf(ctx.db, activity, voteId);
  const { status, ...fields } = body;
  const editing = Object.values(fields).some((value) => value !== undefined);
  if (editing && current.status !== 'draft') throw conflict(INTERACTION_ERRORS.voteNotEditable);
  if (status === 'published' && current.status !== 'draft') throw conflict(INTERACTION_ERRORS.voteNotDraft);
  if (status === 'closed' && current.status !== 'published') throw conflict(INTERACTION_ERRORS.voteNotPublished);
  const options = fields.options ?? (current.options as string[]);
  const kind = fields.kind ?? (current.kind as Vote['kind']);
  const maxChoices = fields.maxChoices ?? (kind === 'single' ? 1 : current.maxChoices);
  const ruleError = voteChoiceRuleError(kind, options.length, maxChoices);
  if (ruleError) throw badRequest(`maxChoices: ${ruleError}`, undefined, 'maxChoices');
  // The status moves only from the one it was read in, so two consoles publishing or closing at once change it once.
  const row = await ctx.db
    .updateTable('votes')
    .set({
      title: fields.title ?? current.title,
      kind,
      maxChoices,
      options: JSON.stringify(options),
      ...(fields.options ? { tally: JSON.stringify(options.map(() => 0)) } : {}),
      ...(status === 'published' ? { status, publishedAt: sql<Date>`now()` } : {}),
      ...(status === 'closed' ? { status, closedAt: sql<Date>`now()` } : {}),
    })
    .where('id', '=', current.id)
    .where('status', '=', current.status as Vote['status'])
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw conflict(status === 'closed' ? INTERACTION_ERRORS.voteNotPublished : INTERACTION_ERRORS.voteNotDraft);
  if (status === 'published') tellViewers(ctx, activity.id, { type: 'votePublished', vote: toWatchVote(row, null) });
  if (status === 'closed') tellViewers(ctx, activity.id, { type: 'voteClosed', vote: toWatchVote(row, null) });
  return toVote(row);
}

export async function deleteVote(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  voteId: number,
): Promise<{ ok: true }> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  const gone = await ctx.db
    .deleteFrom('votes')
    .where('activityId', '=', activity.id)
    .where('id', '=', voteId)
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (!gone) throw voteNotFound();
  if (gone.status !== 'draft') tellViewers(ctx, activity.id, { type: 'voteDeleted', voteId: gone.id });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The viewers' side.

export async function listWatchVotes(db: Db, activityId: number, viewerId: string | undefined): Promise<WatchVotes> {
  const activity = await audienceActivity(db, activityId);
  const rows = await db
    .selectFrom('votes')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('status', '!=', 'draft')
    .orderBy('id', 'desc')
    .limit(WATCH_VOTE_LIMIT)
    .execute();
  const ballots =
    viewerId && rows.length > 0
      ? await ballotsOf(
          db,
          viewerId,
          rows.map((row) => row.id),
        )
      : new Map();
  return { items: rows.map((row) => toWatchVote(row, ballots.get(row.id) ?? null)) };
}

async function ballotsOf(db: Db, viewerId: string, voteIds: number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('voteBallots')
    .select(['voteId', 'choices'])
    .where('viewerId', '=', viewerId)
    .where('voteId', 'in', voteIds)
    .execute();
  return new Map(rows.map((row) => [row.voteId, row.choices as number[]]));
}

/** Whether the viewer's browser, under its own anonymous id, already cast a ballot in the vote. */
async function castInBrowser(trx: Db, voteId: number, viewerId: string, browserId: string | undefined) {
  if (!browserId || browserId === viewerId) return false;
  const row = await trx
    .selectFrom('voteBallots')
    .select('voteId')
    .where('voteId', '=', voteId)
    .where('viewerId', '=', browserId)
    .executeTakeFirst();
  return !!row;
}

export async function castBallot(
  ctx: AppContext,
  activityId: number,
  voteId: number,
  viewer: string | undefined,
  body: z.output<typeof ballotInput>,
  browserId?: string,
): Promise<WatchVote> {
  const activity = await audienceActivity(ctx.db, activityId);
  const viewerId = await requireParticipant(ctx.db, activity.id, viewer);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const vote = await trx
      .selectFrom('votes')
      .select(COLUMNS)
      .where('activityId', '=', activity.id)
      .where('id', '=', voteId)
      .where('status', '!=', 'draft')
      .forUpdate()
      .executeTakeFirst();
    if (!vote) throw voteNotFound();
    if (vote.status !== 'published') throw conflict(INTERACTION_ERRORS.voteNotOpen);
    const options = vote.options as string[];
    const choiceError = ballotError(body.choices, options.length, vote.maxChoices);
    if (choiceError) throw badRequest(`choices: ${choiceError}`, undefined, 'choices');
    const choices = [...body.choices].sort((a, b) => a - b);
    // One ballot per viewer per vote (seed 001 §3 per-user records: votes), and a browser that voted before its
    // viewer signed in has voted for the person too (the vote row's lock orders this check with that ballot).
    if (await castInBrowser(trx, vote.id, viewerId, browserId)) throw conflict(INTERACTION_ERRORS.voteAlreadyCast);
    const cast = await trx
      .insertInto('voteBallots')
      .values({
        voteId: vote.id,
        viewerId,
        activityId: activity.id,
        agentId: activity.agentId,
        nickname: viewerNickname(body.nickname, viewerId),
        choices: JSON.stringify(choices),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('voteId')
      .executeTakeFirst();
    if (!cast) throw conflict(INTERACTION_ERRORS.voteAlreadyCast);
    const tally = (vote.tally as number[]).map((count, index) => (choices.includes(index) ? count + 1 : count));
    const updated = await trx
      .updateTable('votes')
      .set({ tally: JSON.stringify(tally), voters: sql<number>`voters + 1` })
      .where('id', '=', vote.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { updated, choices };
  });
  announceResults(ctx, activity.id, row.updated);
  return toWatchVote(row.updated, row.choices);
}

// Results reach the viewers as ballots arrive, at most once per RESULTS_EVERY_MS per vote however many vote: the
// first ballot of a quiet spell is told at once, the latest tally of the spell at its end.
const RESULTS_EVERY_MS = 1_000;
interface Pending {
  timer: NodeJS.Timeout;
  latest: { tally: number[]; voters: number } | null;
}
const pendingResults = new WeakMap<AppContext, Map<number, Pending>>();

function announceResults(ctx: AppContext, activityId: number, row: Row) {
  let votes = pendingResults.get(ctx);
  if (!votes) {
    votes = new Map();
    pendingResults.set(ctx, votes);
  }
  const results = { tally: row.tally as number[], voters: row.voters };
  const waiting = votes.get(row.id);
  if (waiting) {
    if (!waiting.latest || waiting.latest.voters < results.voters) waiting.latest = results;
    return;
  }
  tellViewers(ctx, activityId, { type: 'voteResults', voteId: row.id, ...results });
  const spell: Pending = {
    latest: null,
    timer: setTimeout(() => {
      votes.delete(row.id);
      if (spell.latest) tellViewers(ctx, activityId, { type: 'voteResults', voteId: row.id, ...spell.latest });
    }, RESULTS_EVERY_MS),
  };
  spell.timer.unref();
  votes.set(row.id, spell);
}
