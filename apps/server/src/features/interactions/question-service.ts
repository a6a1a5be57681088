import {
  ERROR_CODES,
  INTERACTION_ERRORS,
  QUESTION_RATE,
  type Question,
  type QuestionList,
  type questionInput,
  type questionListQuery,
  type WatchQuestion,
  type WatchQuestionList,
  type watchQuestionQuery,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors.ts';
import { take } from '../../platform/rate-limit.ts';
import { agentMatcher } from '../sensitive-words/index.ts';
import {
  audienceActivity,
  consoleActivity,
  requireParticipant,
  tellViewers,
  viewerNickname,
} from './interaction-scope.ts';

// Questions (问答; seed 001 §3 the intro tab type `question`, per-user questions): a viewer asks the host; the agent's
// sensitive words apply as in the chat (a refused word refuses the question, a masked one is masked, one held for
// review keeps the question to its asker until the host answers it). The host answers from the console, publicly:
// every viewer's question tab shows the question with its answer.

const questionNotFound = () => notFound(INTERACTION_ERRORS.questionNotFound);

const COLUMNS = ['id', 'text', 'nickname', 'viewerId', 'status', 'answer', 'answeredAt', 'createdAt'] as const;
interface Row {
  id: number;
  text: string;
  nickname: string;
  viewerId: string;
  status: string;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
}

const toQuestion = (row: Row): Question => ({
  id: row.id,
  text: row.text,
  nickname: row.nickname,
  userId: row.viewerId,
  status: row.status as Question['status'],
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const toWatchQuestion = (row: Row, viewerId: string | undefined): WatchQuestion => {
  const { userId: _, ...rest } = toQuestion(row);
  return { ...rest, mine: viewerId !== undefined && row.viewerId === viewerId };
};

export async function listQuestions(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof questionListQuery>,
): Promise<QuestionList> {
  const activity = await consoleActivity(db, caller, activityId);
  let rows = db
    .selectFrom('questions')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('deletedAt', 'is', null);
  if (query.answered === 'yes') rows = rows.where('answeredAt', 'is not', null);
  if (query.answered === 'no') rows = rows.where('answeredAt', 'is', null);
  const { items, pager } = await page(rows.orderBy('id', 'desc'), query);
  return { items: items.map(toQuestion), pager };
}

export async function answerQuestion(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  questionId: number,
  answer: string,
): Promise<Question> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  // Answering publicly makes a held question public too: the host chose to answer it.
  const row = await ctx.db
    .updateTable('questions')
    .set({ answer, answeredAt: sql<Date>`now()`, status: 'passed' })
    .where('activityId', '=', activity.id)
    .where('id', '=', questionId)
    .where('deletedAt', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw questionNotFound();
  tellViewers(ctx, activity.id, { type: 'questionAnswered', question: toWatchQuestion(row, undefined) });
  return toQuestion(row);
}

export async function deleteQuestion(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  questionId: number,
): Promise<{ ok: true }> {
  const activity = await consoleActivity(ctx.db, caller, activityId);
  const row = await ctx.db
    .updateTable('questions')
    .set({ deletedAt: sql<Date>`now()` })
    .where('activityId', '=', activity.id)
    .where('id', '=', questionId)
    .where('deletedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw questionNotFound();
  tellViewers(ctx, activity.id, { type: 'questionDeleted', questionId: row.id });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The viewers' side.

export async function listWatchQuestions(
  db: Db,
  activityId: number,
  viewerId: string | undefined,
  query: z.output<typeof watchQuestionQuery>,
): Promise<WatchQuestionList> {
  const activity = await audienceActivity(db, activityId);
  const rows = db
    .selectFrom('questions')
    .select(COLUMNS)
    .where('activityId', '=', activity.id)
    .where('deletedAt', 'is', null)
    .where((eb) =>
      viewerId ? eb.or([eb('status', '=', 'passed'), eb('viewerId', '=', viewerId)]) : eb('status', '=', 'passed'),
    )
    .orderBy('id', 'desc');
  const { items, pager } = await page(rows, query);
  return { items: items.map((row) => toWatchQuestion(row, viewerId)), pager };
}

export async function askQuestion(
  ctx: AppContext,
  activityId: number,
  viewer: string | undefined,
  body: z.output<typeof questionInput>,
): Promise<WatchQuestion> {
  const activity = await audienceActivity(ctx.db, activityId);
  const viewerId = await requireParticipant(ctx.db, activity.id, viewer);
  const wait = await take(ctx.limits, QUESTION_RATE, `question:${activity.id}:${viewerId}`);
  if (wait !== null) throw tooManyRequests('Too many questions, try again later', ERROR_CODES.rateLimited, wait);
  const nickname = viewerNickname(body.nickname, viewerId);
  const matcher = await agentMatcher(ctx.db, activity.agentId);
  const text = matcher.check(body.text);
  const name = matcher.check(nickname);
  if (text.verdict === 'reject' || name.verdict === 'reject') {
    throw badRequest(INTERACTION_ERRORS.questionSensitive, undefined, 'text');
  }
  const held = text.verdict === 'review' || name.verdict === 'review';
  const row = await ctx.db
    .insertInto('questions')
    .values({
      activityId: activity.id,
      agentId: activity.agentId,
      viewerId,
      nickname: name.masked,
      text: text.masked,
      status: held ? 'pending' : 'passed',
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toWatchQuestion(row, viewerId);
}
