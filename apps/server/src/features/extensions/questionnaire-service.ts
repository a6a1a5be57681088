import {
  type ChatServerMessage,
  defaultViewerNickname,
  ERROR_MESSAGES,
  INTERACTION_ERRORS,
  INTERACTION_NICKNAME_MAX_LENGTH,
  normaliseQuestionnaire,
  QUESTIONNAIRE_ERRORS,
  type QuestionnaireResults,
  type QuestionnaireSettings,
  type QuestionnaireTextAnswers,
  questionnaireAnswerProblem,
  questionnaireSetupProblem,
  type questionnaireSubmission,
  type questionnaireTextQuery,
  type WatchQuestionnaire,
  type WatchQuestionnaireState,
} from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import { conflict, forbidden, invalidField, notFound, unauthorized } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { chatActivity, publishToViewers, restrictionsOf } from '../comments/index.ts';
import type { Cell } from '../exports/index.ts';
import type { AudienceViewer } from '../watch/index.ts';
import { extensionSettings } from './extension-state.ts';
import {
  addToTally,
  answerCell,
  emptyTally,
  type QuestionTally,
  questionnaireVersion,
  type StoredAnswer,
  storedAnswers,
} from './questionnaire-rules.ts';

// The questionnaire extension on the watch page (问卷): while it is switched on and has questions, viewers are offered
// it, hear it switched on, changed or off on the chat socket, and each answers it once. Answers are kept per version
// of the question set (questionnaireVersion): a viewer answers the version it read (another is refused, 409, and its
// page reads the new one), so editing the questions starts a new version whose answers are counted apart, and the
// console reads each version's results from the tally kept beside it in the answer's transaction.

type Offer = { settings: QuestionnaireSettings; version: string };

/** The questionnaire viewers are offered, from the extension's switch and settings: on, with questions, sound. */
function offerOf(enabled: boolean, settings: QuestionnaireSettings): Offer | null {
  if (!enabled) return null;
  const normal = normaliseQuestionnaire(settings);
  if (questionnaireSetupProblem(normal, true)) return null;
  return { settings: normal, version: questionnaireVersion(normal) };
}

async function currentOffer(db: Db, activityId: number): Promise<Offer | null> {
  const { enabled, settings } = await extensionSettings(db, activityId, 'questionnaire');
  return offerOf(enabled, settings);
}

const toWatch = ({ settings, version }: Offer, answered: boolean): WatchQuestionnaire => ({
  version,
  title: settings.title,
  isAnonymous: settings.isAnonymous,
  questions: settings.questions.map(({ title, type, options, required }) => ({ title, type, options, required })),
  answered,
});

/**
 * Tells the viewers what changed, after the console switched the questionnaire or saved its settings: a new offer
 * (switched on, or another version or title) reaches them as `questionnaireOpened`, one withdrawn as
 * `questionnaireClosed`.
 */
export function announceQuestionnaire(
  ctx: AppContext,
  activityId: number,
  before: { enabled: boolean; settings: QuestionnaireSettings },
  after: { enabled: boolean; settings: QuestionnaireSettings },
): void {
  const was = offerOf(before.enabled, before.settings);
  const now = offerOf(after.enabled, after.settings);
  let message: ChatServerMessage | null = null;
  if (now && (was?.version !== now.version || was.settings.title !== now.settings.title)) {
    message = { type: 'questionnaireOpened', questionnaire: toWatch(now, false) };
  } else if (!now && was) {
    message = { type: 'questionnaireClosed' };
  }
  if (message) publishToViewers(ctx, activityId, message);
}

async function audienceActivity(db: Db, activityId: number) {
  const row = await chatActivity(db, activityId);
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row;
}

/** Whether any of the viewer's ids (its person's and its browser's) answered this version. */
async function answeredBy(db: Db, activityId: number, version: string, ids: (string | undefined)[]) {
  const known = ids.filter((value): value is string => Boolean(value));
  if (known.length === 0) return false;
  const row = await db
    .selectFrom('questionnaireResponses as r')
    .innerJoin('questionnaireVersions as v', 'v.id', 'r.versionId')
    .select('r.id')
    .where('v.activityId', '=', activityId)
    .where('v.hash', '=', version)
    .where('r.viewerId', 'in', known)
    .executeTakeFirst();
  return row !== undefined;
}

export async function watchQuestionnaire(
  db: Db,
  activityId: number,
  viewer: AudienceViewer,
): Promise<WatchQuestionnaireState> {
  const activity = await audienceActivity(db, activityId);
  const offer = await currentOffer(db, activity.id);
  if (!offer) return { questionnaire: null };
  const answered = await answeredBy(db, activity.id, offer.version, [viewer.viewerId, viewer.browserId]);
  return { questionnaire: toWatch(offer, answered) };
}

export async function answerQuestionnaire(
  ctx: AppContext,
  activityId: number,
  viewer: AudienceViewer,
  body: z.output<typeof questionnaireSubmission>,
): Promise<WatchQuestionnaire> {
  const activity = await audienceActivity(ctx.db, activityId);
  const viewerId = viewer.viewerId;
  if (!viewerId) throw unauthorized(INTERACTION_ERRORS.viewerUnknown);
  // The organiser's blacklist (拉黑) keeps a viewer out of every interaction, this one too.
  if ((await restrictionsOf(ctx.db, activity.id, viewerId)).has('blacklist')) {
    throw forbidden(INTERACTION_ERRORS.blacklisted);
  }
  const offer = await currentOffer(ctx.db, activity.id);
  if (!offer) throw conflict(QUESTIONNAIRE_ERRORS.notOpen);
  if (body.version !== offer.version) throw conflict(QUESTIONNAIRE_ERRORS.changed, undefined, 'version');
  const problem = questionnaireAnswerProblem(offer.settings.questions, body.answers);
  if (problem) throw invalidField(problem.field, problem.message);
  const answers = storedAnswers(offer.settings.questions, body.answers);
  const nickname = body.nickname.trim().slice(0, INTERACTION_NICKNAME_MAX_LENGTH) || defaultViewerNickname(viewerId);

  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('questionnaireVersions')
      .values({
        activityId: activity.id,
        agentId: activity.agentId,
        hash: offer.version,
        title: offer.settings.title,
        isAnonymous: offer.settings.isAnonymous,
        questions: JSON.stringify(offer.settings.questions),
        tally: JSON.stringify(emptyTally(offer.settings.questions)),
      })
      .onConflict((oc) => oc.columns(['activityId', 'hash']).doNothing())
      .execute();
    // The version row is the lock: sheets of one version are counted one after another, and a browser's sheet and
    // its signed-in person's are told apart under it.
    const version = await trx
      .selectFrom('questionnaireVersions')
      .select(['id', 'tally'])
      .where('activityId', '=', activity.id)
      .where('hash', '=', offer.version)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Once per viewer: a browser that answered before its viewer signed in has answered for the person too.
    const ids = [viewerId, viewer.browserId].filter((value): value is string => Boolean(value));
    const earlier = await trx
      .selectFrom('questionnaireResponses')
      .select('id')
      .where('versionId', '=', version.id)
      .where('viewerId', 'in', ids)
      .executeTakeFirst();
    if (earlier) throw conflict(QUESTIONNAIRE_ERRORS.alreadyAnswered);
    const response = await trx
      .insertInto('questionnaireResponses')
      .values({
        versionId: version.id,
        activityId: activity.id,
        agentId: activity.agentId,
        viewerId,
        nickname,
        answers: JSON.stringify(answers),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!response) throw conflict(QUESTIONNAIRE_ERRORS.alreadyAnswered);
    const texts = answers.flatMap((answer, index) =>
      answer && 'text' in answer
        ? [
            {
              responseId: response.id,
              questionIndex: index,
              versionId: version.id,
              activityId: activity.id,
              agentId: activity.agentId,
              text: answer.text,
            },
          ]
        : [],
    );
    if (texts.length > 0) await trx.insertInto('questionnaireTextAnswers').values(texts).execute();
    await trx
      .updateTable('questionnaireVersions')
      .set((eb) => ({
        tally: JSON.stringify(addToTally(version.tally as unknown as QuestionTally[], answers)),
        respondents: eb('respondents', '+', 1),
      }))
      .where('id', '=', version.id)
      .execute();
  });
  return toWatch(offer, true);
}

// ---------------------------------------------------------------------------------------------------------------
// The console's side.

/** At most this many versions are listed (an organiser editing the questions all day makes a few dozen). */
const VERSION_LIST_MAX = 100;

/** The activity's answered versions, newest first, the current settings, and the version asked for (or current). */
async function versionsOf(db: Db, caller: Caller, activityId: number, wanted: string | undefined) {
  await ownActivity(db, caller, activityId);
  const { enabled, settings } = await extensionSettings(db, activityId, 'questionnaire');
  const normal = normaliseQuestionnaire(settings);
  const current = questionnaireVersion(normal);
  const rows = await db
    .selectFrom('questionnaireVersions')
    .select(['id', 'hash', 'title', 'isAnonymous', 'questions', 'tally', 'respondents', 'createdAt'])
    .where('activityId', '=', activityId)
    .orderBy('id', 'desc')
    .limit(VERSION_LIST_MAX)
    .execute();
  const hash = wanted ?? current;
  const row = rows.find((item) => item.hash === hash);
  if (!row && hash !== current) throw notFound(QUESTIONNAIRE_ERRORS.versionNotFound);
  return { enabled, settings: normal, current, rows, hash, row };
}

export async function questionnaireResults(
  db: Db,
  caller: Caller,
  activityId: number,
  wanted: string | undefined,
): Promise<QuestionnaireResults> {
  const { enabled, settings, current, rows, hash, row } = await versionsOf(db, caller, activityId, wanted);
  const questions = row ? (row.questions as unknown as QuestionnaireSettings['questions']) : settings.questions;
  const tally = row ? (row.tally as unknown as QuestionTally[]) : emptyTally(questions);
  const isCurrent = hash === current;
  return {
    enabled,
    version: hash,
    current: isCurrent,
    // The current version shows the questionnaire's title as it is now (renaming is no new version).
    title: isCurrent ? settings.title : (row?.title ?? ''),
    isAnonymous: row ? row.isAnonymous : settings.isAnonymous,
    respondents: row?.respondents ?? 0,
    questions: questions.map(({ title, type, options, required }, index) => ({
      title,
      type,
      options,
      required,
      counts: tally[index]?.counts ?? [],
      answered: tally[index]?.answered ?? 0,
    })),
    versions: rows.map((item) => ({
      version: item.hash,
      title: item.hash === current ? settings.title : item.title,
      respondents: item.respondents,
      current: item.hash === current,
      createdAt: item.createdAt.toISOString(),
    })),
  };
}

export async function questionnaireTextAnswers(
  db: Db,
  caller: Caller,
  activityId: number,
  query: z.output<typeof questionnaireTextQuery>,
): Promise<QuestionnaireTextAnswers> {
  const { settings, row } = await versionsOf(db, caller, activityId, query.version);
  const questions = row ? (row.questions as unknown as QuestionnaireSettings['questions']) : settings.questions;
  if (questions[query.question]?.type !== 'text') throw invalidField('question', 'Not a text question');
  if (!row) return { items: [], pager: { page: query.page, pageSize: query.pageSize, total: 0 } };
  const total = (row.tally as unknown as QuestionTally[])[query.question]?.answered ?? 0;
  const { items, pager } = await page(
    db
      .selectFrom('questionnaireTextAnswers as a')
      .innerJoin('questionnaireResponses as r', 'r.id', 'a.responseId')
      .select(['a.text', 'r.nickname', 'r.viewerId', 'r.createdAt'])
      .where('a.versionId', '=', row.id)
      .where('a.questionIndex', '=', query.question)
      .orderBy('a.responseId', 'desc'),
    query,
    Promise.resolve(total),
  );
  return {
    items: items.map((item) => ({
      text: item.text,
      // An anonymous questionnaire never says who wrote what.
      nickname: row.isAnonymous ? null : item.nickname,
      userId: row.isAnonymous ? null : item.viewerId,
      createdAt: item.createdAt.toISOString(),
    })),
    pager,
  };
}

/** Sheets read per batch: the download streams them, so no limit on how many. */
const DOWNLOAD_BATCH = 2_000;

/**
 * One version's sheets as a file's headings and rows (time, who unless anonymous, one column a question), the rows
 * read a batch at a time in id order, so the download streams in constant memory.
 */
export async function questionnaireSheets(
  db: Db,
  caller: Caller,
  activityId: number,
  wanted: string | undefined,
): Promise<{ headings: string[]; rows: AsyncGenerator<Cell[][]> }> {
  const { settings, row } = await versionsOf(db, caller, activityId, wanted);
  const questions = row ? (row.questions as unknown as QuestionnaireSettings['questions']) : settings.questions;
  const anonymous = row ? row.isAnonymous : settings.isAnonymous;
  const headings = [
    '提交时间',
    ...(anonymous ? [] : ['昵称', '观众ID']),
    ...questions.map((question, index) => `${index + 1}. ${question.title}`),
  ];
  async function* rows(): AsyncGenerator<Cell[][]> {
    if (!row) return;
    let after = 0;
    for (;;) {
      const sheets = await db
        .selectFrom('questionnaireResponses')
        .select(['id', 'nickname', 'viewerId', 'answers', 'createdAt'])
        .where('versionId', '=', row.id)
        .where('id', '>', after)
        .orderBy('id', 'asc')
        .limit(DOWNLOAD_BATCH)
        .execute();
      if (sheets.length > 0) {
        yield sheets.map((sheet) => {
          const answers = sheet.answers as unknown as StoredAnswer[];
          return [
            formatBeijingTime(sheet.createdAt),
            ...(anonymous ? [] : [sheet.nickname, sheet.viewerId]),
            ...questions.map((question, index) => answerCell(question, answers[index])),
          ];
        });
      }
      const last = sheets[sheets.length - 1];
      if (!last || sheets.length < DOWNLOAD_BATCH) return;
      after = last.id;
    }
  }
  return { headings, rows: rows() };
}
