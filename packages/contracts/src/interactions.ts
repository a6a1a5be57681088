import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// The audience's interactions (issue 10; seed 001 §3 "Vote config with a pager", the template's vote flags, the intro
// tab type `question`, the per-user records of questions, check-ins and votes; §5 interaction stats `avote`, `qa`):
// votes (投票), check-ins (签到) and questions (问答). The console runs them from the board's 互动 screen; viewers take
// part on the watch page and hear of them on the chat socket (the message kinds are in comments.ts). Every ballot,
// check-in and question is stored with the viewer's id, so the per-viewer records can be read later.

export const INTERACTION_ERRORS = {
  voteNotFound: 'Vote Not Found',
  voteNotOpen: 'The vote is not open',
  voteAlreadyCast: 'You have already voted',
  voteNotEditable: 'Only a draft vote can be edited',
  voteNotPublished: 'Only a published vote can be closed',
  voteNotDraft: 'Only a draft vote can be published',
  badChoices: 'Invalid choices',
  checkinNotFound: 'Check-in Not Found',
  checkinOpen: 'A check-in is already under way',
  checkinEnded: 'The check-in has ended',
  alreadyCheckedIn: 'You have already checked in',
  questionNotFound: 'Question Not Found',
  questionSensitive: 'The question contains a forbidden word',
  viewerUnknown: 'Open the watch page first',
  /** The organiser blacklisted the viewer (拉黑): it takes part in nothing on the activity. */
  blacklisted: 'You are on this activity’s blacklist',
  /** The check-in takes only viewers signed in by SMS (the sign-in extension's 仅限手机号登录的观众). */
  checkinNeedsMobile: 'Sign in with your mobile to check in',
} as const;

/** The vote list (seed 001 §3 "Vote config with a pager"), the check-ins and the questions: 10 a page. */
export const VOTE_PAGE_SIZE = 10;
export const CHECKIN_PAGE_SIZE = 10;
export const CHECKIN_USER_PAGE_SIZE = 20;
export const QUESTION_PAGE_SIZE = 10;
/** The watch page's question tab loads this many at a time. */
export const WATCH_QUESTION_PAGE_SIZE = 20;
export const VOTE_TITLE_MAX_LENGTH = 50;
export const VOTE_OPTION_MAX_LENGTH = 30;
export const VOTE_MIN_OPTIONS = 2;
export const VOTE_MAX_OPTIONS = 10;
export const CHECKIN_TITLE_MAX_LENGTH = 30;
/** A check-in lasts from 10 seconds to 1 hour. */
export const CHECKIN_MIN_SECONDS = 10;
export const CHECKIN_MAX_SECONDS = 3_600;
export const QUESTION_MAX_LENGTH = 200;
export const ANSWER_MAX_LENGTH = 500;
export const INTERACTION_NICKNAME_MAX_LENGTH = 30;
/** Questions one viewer may ask in one activity per window. */
export const QUESTION_RATE = { max: 3, windowMs: 30_000 } as const;

export const VOTE_KINDS = ['single', 'multiple'] as const;
export const voteKind = z.enum(VOTE_KINDS);
export type VoteKind = z.infer<typeof voteKind>;
export const VOTE_STATUSES = ['draft', 'published', 'closed'] as const;
export const voteStatus = z.enum(VOTE_STATUSES);
export type VoteStatus = z.infer<typeof voteStatus>;

const voteTitle = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(VOTE_TITLE_MAX_LENGTH, `Title must be at most ${VOTE_TITLE_MAX_LENGTH} characters`);
const voteOptions = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'An option is empty')
      .max(VOTE_OPTION_MAX_LENGTH, `Each option must be at most ${VOTE_OPTION_MAX_LENGTH} characters`),
  )
  .min(VOTE_MIN_OPTIONS, `At least ${VOTE_MIN_OPTIONS} options`)
  .max(VOTE_MAX_OPTIONS, `At most ${VOTE_MAX_OPTIONS} options`)
  .refine((options) => new Set(options).size === options.length, 'Options must differ');
const maxChoices = z.number().int().min(1).max(VOTE_MAX_OPTIONS);

/** A vote's choice rule: a single-choice vote takes one; a multiple-choice one up to maxChoices (≤ its options). */
export function voteChoiceRuleError(kind: VoteKind, options: number, max: number): string | null {
  if (kind === 'single' && max !== 1) return 'A single-choice vote takes exactly one choice';
  if (max > options) return 'maxChoices must not exceed the options';
  return null;
}

/** A ballot's choices against its vote: option indexes, distinct, at least one, at most maxChoices. */
export function ballotError(choices: number[], options: number, max: number): string | null {
  if (choices.length === 0) return 'Choose at least one option';
  if (new Set(choices).size !== choices.length) return 'Each option at most once';
  if (choices.some((choice) => !Number.isInteger(choice) || choice < 0 || choice >= options)) return 'No such option';
  if (choices.length > max) return `At most ${max} options`;
  return null;
}

export const vote = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: voteKind,
  maxChoices: z.number().int(),
  options: z.array(z.string()),
  status: voteStatus,
  /** Ballots per option, in the options' order. */
  tally: z.array(z.number().int()),
  /** Viewers who voted. */
  voters: z.number().int(),
  publishedAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Vote = z.infer<typeof vote>;
export const voteList = listOf(vote);
export type VoteList = z.infer<typeof voteList>;
export const voteListQuery = pageQuery(VOTE_PAGE_SIZE);

export const voteInput = z
  .object({
    title: voteTitle,
    kind: voteKind.default('single'),
    maxChoices: maxChoices.default(1),
    options: voteOptions,
  })
  .superRefine((value, issue) => {
    const error = voteChoiceRuleError(value.kind, value.options.length, value.maxChoices);
    if (error) issue.addIssue({ code: 'custom', message: error, path: ['maxChoices'] });
  });
export type VoteInput = z.input<typeof voteInput>;
/** PUT: a draft's fields, or `status` to publish (draft → published) or close (published → closed). */
export const voteUpdate = z.object({
  title: voteTitle.optional(),
  kind: voteKind.optional(),
  maxChoices: maxChoices.optional(),
  options: voteOptions.optional(),
  status: z.enum(['published', 'closed']).optional(),
});
export type VoteUpdate = z.input<typeof voteUpdate>;
export const voteParams = z.object({ id, voteId: id });

/**
 * A vote with its activity, as the applications' 投票 screen (/application/vote) lists the agent's votes across its
 * activities: the same votes the board's 互动 screen runs.
 */
export const agentVote = vote.extend({ activity: z.object({ id: z.number().int(), name: z.string() }) });
export type AgentVote = z.infer<typeof agentVote>;
export const agentVoteList = listOf(agentVote);
export type AgentVoteList = z.infer<typeof agentVoteList>;
export const agentVoteListQuery = pageQuery(VOTE_PAGE_SIZE).extend({
  activityId: id.optional(),
  status: voteStatus.optional(),
  title: z.string().trim().max(VOTE_TITLE_MAX_LENGTH).optional(),
});
export type AgentVoteListQuery = z.input<typeof agentVoteListQuery>;

export const checkin = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int(),
  startedAt: isoDateTime,
  /** When it ends (or ended, if the console ended it early). */
  endsAt: isoDateTime,
  isOpen: z.boolean(),
  /** Only viewers signed in by SMS may check in: the sign-in extension's rule when the check-in started. */
  requireMobile: z.boolean(),
  /** Viewers checked in. */
  count: z.number().int(),
});
export type Checkin = z.infer<typeof checkin>;
export const checkinList = listOf(checkin);
export type CheckinList = z.infer<typeof checkinList>;
export const checkinListQuery = pageQuery(CHECKIN_PAGE_SIZE);
export const checkinInput = z.object({
  title: z
    .string()
    .trim()
    .max(CHECKIN_TITLE_MAX_LENGTH, `Title must be at most ${CHECKIN_TITLE_MAX_LENGTH} characters`)
    .default(''),
  durationSeconds: z
    .number()
    .int()
    .min(CHECKIN_MIN_SECONDS, `At least ${CHECKIN_MIN_SECONDS} seconds`)
    .max(CHECKIN_MAX_SECONDS, `At most ${CHECKIN_MAX_SECONDS} seconds`),
});
export type CheckinInput = z.input<typeof checkinInput>;
/** PUT: end the check-in now. */
export const checkinUpdate = z.object({ status: z.literal('ended') });
export const checkinParams = z.object({ id, checkinId: id });
export const checkinUser = z.object({ userId: z.string(), nickname: z.string(), createdAt: isoDateTime });
export type CheckinUser = z.infer<typeof checkinUser>;
export const checkinUserList = listOf(checkinUser);
export type CheckinUserList = z.infer<typeof checkinUserList>;
export const checkinUserQuery = pageQuery(CHECKIN_USER_PAGE_SIZE);

export const QUESTION_STATUSES = ['pending', 'passed'] as const;
export const question = z.object({
  id: z.number().int(),
  text: z.string(),
  nickname: z.string(),
  userId: z.string(),
  /** pending: held by a sensitive word for review; answering it makes it public. */
  status: z.enum(QUESTION_STATUSES),
  answer: z.string().nullable(),
  answeredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Question = z.infer<typeof question>;
export const questionList = listOf(question);
export type QuestionList = z.infer<typeof questionList>;
export const questionListQuery = pageQuery(QUESTION_PAGE_SIZE).extend({
  answered: z.enum(['yes', 'no']).optional(),
});
export const questionAnswer = z.object({
  answer: z
    .string()
    .trim()
    .min(1, 'Answer is required')
    .max(ANSWER_MAX_LENGTH, `Answer must be at most ${ANSWER_MAX_LENGTH} characters`),
});
export const questionParams = z.object({ id, questionId: id });

const consoleCalls = defineCalls('interactions', {
  listVotes: {
    method: 'GET',
    path: '/v3/activity/:id/vote',
    summary: 'The activity’s votes with their results, newest first, 10 a page',
    access: 'signedIn',
    params: idParams,
    query: voteListQuery,
    response: voteList,
  },
  createVote: {
    method: 'POST',
    path: '/v3/activity/:id/vote',
    summary: 'Add a vote as a draft',
    access: 'signedIn',
    params: idParams,
    body: voteInput,
    response: vote,
  },
  updateVote: {
    method: 'PUT',
    path: '/v3/activity/:id/vote/:voteId',
    summary: 'Edit a draft vote, publish it to the viewers or close it',
    access: 'signedIn',
    params: voteParams,
    body: voteUpdate,
    response: vote,
  },
  deleteVote: {
    method: 'DELETE',
    path: '/v3/activity/:id/vote/:voteId',
    summary: 'Delete a vote and its ballots',
    access: 'signedIn',
    params: voteParams,
    response: ok,
  },
  listAgentVotes: {
    method: 'GET',
    path: '/v3/agent/vote',
    summary: 'The votes of all the caller’s activities with their results, newest first, 10 a page',
    access: 'signedIn',
    query: agentVoteListQuery,
    response: agentVoteList,
  },
  getAgentVote: {
    method: 'GET',
    path: '/v3/agent/vote/:id',
    summary: 'One vote of the caller’s activities, with its activity and results',
    access: 'signedIn',
    params: idParams,
    response: agentVote,
  },
  listCheckins: {
    method: 'GET',
    path: '/v3/activity/:id/checkin',
    summary: 'The activity’s check-ins (签到) with their counts, newest first',
    access: 'signedIn',
    params: idParams,
    query: checkinListQuery,
    response: checkinList,
  },
  startCheckin: {
    method: 'POST',
    path: '/v3/activity/:id/checkin',
    summary: 'Start a check-in for so many seconds; one at a time',
    access: 'signedIn',
    params: idParams,
    body: checkinInput,
    response: checkin,
  },
  endCheckin: {
    method: 'PUT',
    path: '/v3/activity/:id/checkin/:checkinId',
    summary: 'End a check-in now',
    access: 'signedIn',
    params: checkinParams,
    body: checkinUpdate,
    response: checkin,
  },
  listCheckinUsers: {
    method: 'GET',
    path: '/v3/activity/:id/checkin/:checkinId/user',
    summary: 'The viewers who checked in, in the order they did',
    access: 'signedIn',
    params: checkinParams,
    query: checkinUserQuery,
    response: checkinUserList,
  },
  listQuestions: {
    method: 'GET',
    path: '/v3/activity/:id/question',
    summary: 'The viewers’ questions (问答), newest first, answered or not',
    access: 'signedIn',
    params: idParams,
    query: questionListQuery,
    response: questionList,
  },
  answerQuestion: {
    method: 'PUT',
    path: '/v3/activity/:id/question/:questionId',
    summary: 'Answer a question publicly: every viewer sees the question and its answer',
    access: 'signedIn',
    params: questionParams,
    body: questionAnswer,
    response: question,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/v3/activity/:id/question/:questionId',
    summary: 'Delete a question: it leaves the viewers’ question tab',
    access: 'signedIn',
    params: questionParams,
    response: ok,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The watch page's side: public, the viewer is the watch page's viewer cookie (set by POST /watch/{id}/visit).

/** A vote as a viewer sees it: drafts never; the viewer's own ballot when it voted. */
export const watchVote = vote.omit({ createdAt: true }).extend({ myChoices: z.array(z.number().int()).nullable() });
export type WatchVote = z.infer<typeof watchVote>;
export const watchVotes = z.object({ items: z.array(watchVote) });
export type WatchVotes = z.infer<typeof watchVotes>;
/** The published and recently closed votes a viewer is shown. */
export const WATCH_VOTE_LIMIT = 10;

const nickname = z.string().trim().max(200).default('');
export const ballotInput = z.object({
  choices: z.array(z.number().int().min(0).max(VOTE_MAX_OPTIONS)).max(VOTE_MAX_OPTIONS),
  nickname,
});
export type BallotInput = z.input<typeof ballotInput>;

/** The check-in a viewer may take now, if any, and whether it has. */
export const watchCheckin = checkin.omit({ count: true }).extend({ checkedIn: z.boolean() });
export type WatchCheckin = z.infer<typeof watchCheckin>;
export const watchCheckinState = z.object({ checkin: watchCheckin.nullable() });
export type WatchCheckinState = z.infer<typeof watchCheckinState>;
export const checkinTake = z.object({ nickname });

/** A question as viewers see it: the viewer's id is not shown to others. */
export const watchQuestion = question.omit({ userId: true }).extend({ mine: z.boolean() });
export type WatchQuestion = z.infer<typeof watchQuestion>;
export const watchQuestionList = listOf(watchQuestion);
export type WatchQuestionList = z.infer<typeof watchQuestionList>;
export const watchQuestionQuery = pageQuery(WATCH_QUESTION_PAGE_SIZE, 50);
export const questionInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(QUESTION_MAX_LENGTH, `Text must be at most ${QUESTION_MAX_LENGTH} characters`),
  nickname,
});
export type QuestionInput = z.input<typeof questionInput>;

const watchParams = z.object({ id });

const viewerCalls = defineCalls('interactions', {
  listWatchVotes: {
    method: 'GET',
    path: '/watch/:id/vote',
    summary: 'The published and closed votes of the activity, with the viewer’s own ballot',
    access: 'public',
    params: watchParams,
    response: watchVotes,
  },
  castBallot: {
    method: 'POST',
    path: '/watch/:id/vote/:voteId',
    summary: 'Vote: one ballot per viewer per vote, while it is published',
    access: 'public',
    params: voteParams,
    body: ballotInput,
    response: watchVote,
  },
  getWatchCheckin: {
    method: 'GET',
    path: '/watch/:id/checkin',
    summary: 'The check-in under way, if any, and whether the viewer has checked in',
    access: 'public',
    params: watchParams,
    response: watchCheckinState,
  },
  takeCheckin: {
    method: 'POST',
    path: '/watch/:id/checkin/:checkinId',
    summary: 'Check in (签到), once per viewer, while the check-in is under way',
    access: 'public',
    params: checkinParams,
    body: checkinTake,
    response: watchCheckin,
  },
  listWatchQuestions: {
    method: 'GET',
    path: '/watch/:id/question',
    summary: 'The public questions with their answers, and the viewer’s own held ones, newest first',
    access: 'public',
    params: watchParams,
    query: watchQuestionQuery,
    response: watchQuestionList,
  },
  askQuestion: {
    method: 'POST',
    path: '/watch/:id/question',
    summary: 'Ask the host a question; the agent’s sensitive words apply',
    access: 'public',
    params: watchParams,
    body: questionInput,
    response: watchQuestion,
  },
});

export const interactionCalls = { ...consoleCalls, ...viewerCalls };
