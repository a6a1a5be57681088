import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { questionnaireQuestionView, watchQuestionnaire } from './questionnaire-view.ts';

// Extensions the server knows: each has a settings schema (its defaults are what an activity starts with) and the
// actions it declares. Settings are kept per activity (GET/POST /v3/activity/{id}/extension/{identity}).

export const EXTENSION_ERRORS = {
  extensionNotFound: 'Extension Not Found',
  actionNotFound: 'Extension Action Not Found',
} as const;

export const QUESTIONNAIRE_ERRORS = {
  /** Switched off (or never on): viewers neither see nor answer it. */
  notOpen: 'The questionnaire is not open',
  /** The viewer answered a question set the organiser has since changed: it reads the new one and answers again. */
  changed: 'The questionnaire has changed',
  alreadyAnswered: 'You have already answered the questionnaire',
  versionNotFound: 'Questionnaire Version Not Found',
} as const;

const title = z.string().trim().max(30, 'Title must be at most 30 characters');

export const lotterySettings = z.strictObject({
  title: title.default(''),
  prizeName: z.string().trim().max(30, 'Prize name must be at most 30 characters').default(''),
  winnerCount: z.number().int().min(1).max(100).default(1),
  /** Who is in the draw (rewards.ts LOTTERY_RULES): real viewers online now, or those who commented. */
  rule: z.enum(['online', 'commented']).default('online'),
  allowRepeatWinners: z.boolean().default(false),
  requireMobile: z.boolean().default(false),
});

/** A questionnaire holds at most 50 questions, a choice question at most 20 options. */
export const QUESTIONNAIRE_MAX_QUESTIONS = 50;
export const QUESTIONNAIRE_MAX_OPTIONS = 20;
export const questionnaireQuestion = z.strictObject({
  title: z.string().trim().min(1, 'Question is required').max(100),
  type: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.string().trim().min(1).max(50)).max(QUESTIONNAIRE_MAX_OPTIONS).default([]),
  required: z.boolean().default(false),
});
export type QuestionnaireQuestion = z.output<typeof questionnaireQuestion>;
export const questionnaireSettings = z.strictObject({
  title: title.default(''),
  questions: z
    .array(questionnaireQuestion)
    .max(QUESTIONNAIRE_MAX_QUESTIONS, `At most ${QUESTIONNAIRE_MAX_QUESTIONS} questions`)
    .default([]),
  isAnonymous: z.boolean().default(false),
});
export type QuestionnaireSettings = z.output<typeof questionnaireSettings>;

/**
 * The sign-in extension (签到) is the rules of the check-ins the board's 互动管理 starts while it is switched on: the
 * check-in form starts from its title and duration, and with requireMobile only viewers signed in by SMS check in.
 */
export const signInSettings = z.strictObject({
  title: title.default(''),
  durationSeconds: z.number().int().min(10).max(3600).default(60),
  requireMobile: z.boolean().default(false),
});
export type SignInSettings = z.output<typeof signInSettings>;

/** enable and disable switch it on the watch page; reset restores the defaults and switches it off. */
export const EXTENSION_ACTIONS = ['enable', 'disable', 'reset'] as const;
export type ExtensionAction = (typeof EXTENSION_ACTIONS)[number];

export const EXTENSIONS = {
  lottery: { settings: lotterySettings, actions: EXTENSION_ACTIONS },
  questionnaire: { settings: questionnaireSettings, actions: EXTENSION_ACTIONS },
  'sign-in': { settings: signInSettings, actions: EXTENSION_ACTIONS },
} as const;
export type ExtensionIdentity = keyof typeof EXTENSIONS;
export const EXTENSION_IDENTITIES = Object.keys(EXTENSIONS) as ExtensionIdentity[];

export function isExtensionIdentity(value: string): value is ExtensionIdentity {
  return Object.hasOwn(EXTENSIONS, value);
}

export const extensionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  identity: z.string().max(50),
});
export const extensionActionParams = extensionParams.extend({ action: z.string().max(50) });

/** POST settings: any subset of the extension's fields, merged with what is stored and checked by its schema. */
export const extensionSettingsBody = z.record(z.string(), z.unknown());

export const extensionState = z.object({
  identity: z.string(),
  activityId: z.number().int(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  actions: z.array(z.string()),
  updatedAt: isoDateTime.nullable(),
});
export type ExtensionState = z.infer<typeof extensionState>;

const extensionSettingCalls = defineCalls('extensions', {
  getExtension: {
    method: 'GET',
    path: '/v3/activity/:id/extension/:identity',
    summary: 'An extension’s settings and switch for an activity',
    access: 'signedIn',
    params: extensionParams,
    response: extensionState,
  },
  saveExtensionSettings: {
    method: 'POST',
    path: '/v3/activity/:id/extension/:identity',
    summary: 'Change some of an extension’s settings for an activity',
    access: 'signedIn',
    params: extensionParams,
    body: extensionSettingsBody,
    response: extensionState,
  },
  runExtensionAction: {
    method: 'POST',
    path: '/v3/activity/:id/extension/:identity/:action',
    summary: 'Switch an extension on or off for an activity, or reset it',
    access: 'signedIn',
    params: extensionActionParams,
    response: extensionState,
  },
  // The same settings through the extension proxy's path (seed 001 §7 "Extensions").
  getProxiedExtensionSettings: {
    method: 'GET',
    path: '/ext-proxy/:identity/activity/:id/setting',
    summary: 'An extension’s settings for an activity, through the extension proxy',
    access: 'signedIn',
    params: extensionParams,
    response: extensionState,
  },
  saveProxiedExtensionSettings: {
    method: 'POST',
    path: '/ext-proxy/:identity/activity/:id/setting',
    summary: 'Change some of an extension’s settings for an activity, through the extension proxy',
    access: 'signedIn',
    params: extensionParams,
    body: extensionSettingsBody,
    response: extensionState,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The questionnaire (问卷) on the watch page. While the extension is on and has questions, viewers are offered it
// (GET /watch/{id}/questionnaire; switching it on, changing it or off reaches them on the chat socket: comments.ts
// `questionnaireOpened`, `questionnaireClosed`) and each answers it once. Answers are kept per version, the question
// set as offered (a hash of the questions and the anonymity): a viewer answers the version it read, a changed
// questionnaire is a new version answered anew, and the results of two versions are never added together.

/** A text answer is at most 500 characters; the console pages text answers 10 at a time. */
export const QUESTIONNAIRE_TEXT_MAX_LENGTH = 500;
export const QUESTIONNAIRE_TEXT_PAGE_SIZE = 10;

export interface FieldProblem {
  field: string;
  message: string;
}

/** The question set as stored: a text question keeps no options (a form switched from choices to text may send them). */
export function normaliseQuestionnaire(settings: QuestionnaireSettings): QuestionnaireSettings {
  return {
    ...settings,
    questions: settings.questions.map((question) =>
      question.type === 'text' ? { ...question, options: [] } : question,
    ),
  };
}

/**
 * What the settings' schema cannot say: a choice question has at least two options, all different; and a
 * questionnaire viewers are offered (switched on) has at least one question.
 */
export function questionnaireSetupProblem(settings: QuestionnaireSettings, offered: boolean): FieldProblem | null {
  if (offered && settings.questions.length === 0) {
    return { field: 'questions', message: 'Add at least one question before switching the questionnaire on' };
  }
  for (const [index, question] of settings.questions.entries()) {
    if (question.type === 'text') continue;
    const field = `questions.${index}.options`;
    if (question.options.length < 2) return { field, message: 'A choice question needs at least 2 options' };
    if (new Set(question.options).size !== question.options.length) return { field, message: 'Options must differ' };
  }
  return null;
}

/** One question's answer: the chosen option indexes of a choice question, or a text question's text. */
export const questionnaireAnswer = z.strictObject({
  choices: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(QUESTIONNAIRE_MAX_OPTIONS - 1),
    )
    .max(QUESTIONNAIRE_MAX_OPTIONS)
    .optional(),
  text: z
    .string()
    .trim()
    .max(QUESTIONNAIRE_TEXT_MAX_LENGTH, `Text must be at most ${QUESTIONNAIRE_TEXT_MAX_LENGTH} characters`)
    .refine((text) => !text.includes('\u0000'), 'Invalid character')
    .optional(),
});
export type QuestionnaireAnswer = z.output<typeof questionnaireAnswer>;

const isAnswered = (answer: QuestionnaireAnswer | null | undefined) =>
  (answer?.choices?.length ?? 0) > 0 || (answer?.text ?? '').trim() !== '';

/**
 * A viewer's answers against the questions (one entry per question, in order; null or missing skips one): a required
 * question is answered, a choice question takes option indexes of its own (one for single choice, each at most once),
 * a text question takes text. The first problem names its answer (`answers.2`, `answers.2.choices`).
 */
export function questionnaireAnswerProblem(
  questions: readonly Pick<QuestionnaireQuestion, 'type' | 'options' | 'required'>[],
  answers: readonly (QuestionnaireAnswer | null | undefined)[],
): FieldProblem | null {
  if (answers.length > questions.length) return { field: 'answers', message: 'More answers than questions' };
  for (const [index, question] of questions.entries()) {
    const answer = answers[index];
    const field = `answers.${index}`;
    if (question.type === 'text' ? answer?.choices !== undefined : answer?.text !== undefined) {
      return { field, message: question.type === 'text' ? 'This question takes text' : 'This question takes choices' };
    }
    if (!isAnswered(answer)) {
      if (question.required) return { field, message: 'This question is required' };
      continue;
    }
    if (question.type === 'text') continue;
    const choices = answer?.choices ?? [];
    const choicesField = `${field}.choices`;
    if (question.type === 'single' && choices.length > 1) return { field: choicesField, message: 'Choose one option' };
    if (new Set(choices).size !== choices.length) return { field: choicesField, message: 'Each option at most once' };
    if (choices.some((choice) => choice >= question.options.length)) {
      return { field: choicesField, message: 'No such option' };
    }
  }
  return null;
}

export { type WatchQuestionnaire, watchQuestionnaire } from './questionnaire-view.ts';
export const watchQuestionnaireState = z.object({ questionnaire: watchQuestionnaire.nullable() });
export type WatchQuestionnaireState = z.infer<typeof watchQuestionnaireState>;

export const questionnaireSubmission = z.object({
  /** The version the viewer read (watchQuestionnaire.version): another one is refused with 409 `changed`. */
  version: z.string().min(1).max(64),
  answers: z.array(questionnaireAnswer.nullable()).max(QUESTIONNAIRE_MAX_QUESTIONS),
  nickname: z.string().trim().max(200).default(''),
});
export type QuestionnaireSubmission = z.input<typeof questionnaireSubmission>;

/** One question's results: answers per option (a choice question's; empty for text) and how many answered it. */
export const questionnaireQuestionResult = questionnaireQuestionView.extend({
  counts: z.array(z.number().int()),
  answered: z.number().int(),
});
export type QuestionnaireQuestionResult = z.infer<typeof questionnaireQuestionResult>;
export const questionnaireVersionSummary = z.object({
  version: z.string(),
  title: z.string(),
  respondents: z.number().int(),
  /** The version viewers are offered now (the current settings' question set). */
  current: z.boolean(),
  createdAt: isoDateTime,
});
export const questionnaireResults = z.object({
  enabled: z.boolean(),
  version: z.string(),
  current: z.boolean(),
  title: z.string(),
  isAnonymous: z.boolean(),
  respondents: z.number().int(),
  questions: z.array(questionnaireQuestionResult),
  /** Every version viewers answered, newest first (the current one too, once answered). */
  versions: z.array(questionnaireVersionSummary),
});
export type QuestionnaireResults = z.infer<typeof questionnaireResults>;
const questionnaireVersionQuery = z.object({ version: z.string().min(1).max(64).optional() });
export const questionnaireResultsQuery = questionnaireVersionQuery;
export const questionnaireTextQuery = pageQuery(QUESTIONNAIRE_TEXT_PAGE_SIZE).extend({
  version: z.string().min(1).max(64).optional(),
  question: z.coerce
    .number()
    .int()
    .min(0)
    .max(QUESTIONNAIRE_MAX_QUESTIONS - 1),
});
/** A text answer; who wrote it only when the questionnaire was not anonymous. */
export const questionnaireTextAnswer = z.object({
  text: z.string(),
  nickname: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: isoDateTime,
});
export type QuestionnaireTextAnswer = z.infer<typeof questionnaireTextAnswer>;
export const questionnaireTextAnswers = listOf(questionnaireTextAnswer);
export type QuestionnaireTextAnswers = z.infer<typeof questionnaireTextAnswers>;

export const questionnaireCalls = defineCalls('extensions', {
  getQuestionnaireResults: {
    method: 'GET',
    path: '/v3/activity/:id/questionnaire/results',
    summary:
      'The questionnaire’s results for one version (the current one by default): respondents and answers per option',
    access: 'signedIn',
    params: idParams,
    query: questionnaireResultsQuery,
    response: questionnaireResults,
  },
  listQuestionnaireTextAnswers: {
    method: 'GET',
    path: '/v3/activity/:id/questionnaire/answers',
    summary: 'One text question’s answers, newest first, 10 a page; who wrote them unless anonymous',
    access: 'signedIn',
    params: idParams,
    query: questionnaireTextQuery,
    response: questionnaireTextAnswers,
  },
  downloadQuestionnaireAnswers: {
    method: 'GET',
    path: '/v3/activity/:id/questionnaire/csv',
    summary: 'One version’s answer sheets as a CSV file, one row per respondent (who only unless anonymous)',
    access: 'signedIn',
    params: idParams,
    query: questionnaireVersionQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  getWatchQuestionnaire: {
    method: 'GET',
    path: '/watch/:id/questionnaire',
    summary: 'The questionnaire offered to viewers, if any, and whether this viewer answered it',
    access: 'public',
    params: z.object({ id }),
    response: watchQuestionnaireState,
  },
  answerQuestionnaire: {
    method: 'POST',
    path: '/watch/:id/questionnaire',
    summary: 'Answer the questionnaire (问卷): once per viewer, the version it read, required questions answered',
    access: 'public',
    params: z.object({ id }),
    body: questionnaireSubmission,
    response: watchQuestionnaire,
  },
});

/** The area's calls: the settings and switch, and the questionnaire's (the watch page calls questionnaireCalls). */
export const extensionCalls = { ...extensionSettingCalls, ...questionnaireCalls };
