import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';

// Sensitive words (seed 000 §3, §7; issue 10): an agent keeps word lists, each enabled or not and each with the action
// a match takes — masked with asterisks, held for review, or refused. The seeds give list, create, edit and check
// calls and no delete: a list is switched off instead. Comments and nicknames are matched against every enabled list;
// the check call answers the matches with their positions, as the chat applies them.

export const SENSITIVE_WORD_ERRORS = {
  listNotFound: 'Sensitive Word List Not Found',
  nameTaken: 'Sensitive word list name already existed',
  tooManyLists: 'An agent keeps at most 50 sensitive word lists',
} as const;

export const SENSITIVE_WORD_ACTIONS = ['mask', 'review', 'reject'] as const;
export const sensitiveWordAction = z.enum(SENSITIVE_WORD_ACTIONS);
export type SensitiveWordAction = z.infer<typeof sensitiveWordAction>;

/** What a text's matches lead to: the strongest action among them (reject > review > mask), or pass. */
export const SENSITIVE_WORD_VERDICTS = ['pass', ...SENSITIVE_WORD_ACTIONS] as const;
export type SensitiveWordVerdict = (typeof SENSITIVE_WORD_VERDICTS)[number];

export const SENSITIVE_WORD_PAGE_SIZE = 20;
export const SENSITIVE_WORD_MAX_LENGTH = 50;
export const SENSITIVE_WORDS_PER_LIST = 5_000;
/** Lists one agent keeps: every comment is matched against all the enabled ones at once. */
export const SENSITIVE_WORD_LISTS_PER_AGENT = 50;
/** The longest text the check call takes: a comment, a nickname or a pasted paragraph. */
export const SENSITIVE_CHECK_MAX_LENGTH = 5_000;

const listName = z.string().trim().min(1, 'Name is required').max(30, 'Name must be at most 30 characters');
/**
 * A list's words: trimmed, blanks dropped, duplicates (after case and width folding) kept once, in the order given.
 * Each is 1 to 50 characters; at most 5,000 per list.
 */
export const sensitiveWords = z
  .array(z.string().max(SENSITIVE_WORD_MAX_LENGTH, `Each word must be at most ${SENSITIVE_WORD_MAX_LENGTH} characters`))
  .max(SENSITIVE_WORDS_PER_LIST, `At most ${SENSITIVE_WORDS_PER_LIST} words per list`)
  .transform((words) => uniqueWords(words));

/** The form a word is compared in: NFKC (full-width letters and digits become ASCII) and lower case. */
export function foldWord(word: string): string {
  return word.normalize('NFKC').toLowerCase();
}

/** Words trimmed, blanks dropped, and each folded form kept once (the first spelling wins). */
export function uniqueWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.trim();
    const folded = foldWord(word);
    if (!word || seen.has(folded)) continue;
    seen.add(folded);
    out.push(word);
  }
  return out;
}

export const sensitiveWordList = z.object({
  id: z.number().int(),
  name: z.string(),
  words: z.array(z.string()),
  action: sensitiveWordAction,
  enabled: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SensitiveWordList = z.infer<typeof sensitiveWordList>;
export const sensitiveWordLists = listOf(sensitiveWordList);
export type SensitiveWordLists = z.infer<typeof sensitiveWordLists>;

export const sensitiveWordListQuery = pageQuery(SENSITIVE_WORD_PAGE_SIZE);
export const sensitiveWordListInput = z.object({
  name: listName,
  words: sensitiveWords,
  action: sensitiveWordAction.default('mask'),
  enabled: z.boolean().default(true),
});
export type SensitiveWordListInput = z.input<typeof sensitiveWordListInput>;
export const sensitiveWordListUpdate = z.object({
  name: listName.optional(),
  words: sensitiveWords.optional(),
  action: sensitiveWordAction.optional(),
  enabled: z.boolean().optional(),
});
export type SensitiveWordListUpdate = z.input<typeof sensitiveWordListUpdate>;

export const sensitiveCheckInput = z.object({
  text: z.string().max(SENSITIVE_CHECK_MAX_LENGTH, `Text must be at most ${SENSITIVE_CHECK_MAX_LENGTH} characters`),
  /** Check against this list only, enabled or not (trying a list out before switching it on). */
  listId: id.optional(),
});
export type SensitiveCheckInput = z.infer<typeof sensitiveCheckInput>;

export const sensitiveMatch = z.object({
  word: z.string(),
  /** UTF-16 offsets in the text as sent: `text.slice(start, end)` is what matched. */
  start: z.number().int(),
  end: z.number().int(),
  listId: z.number().int(),
  action: sensitiveWordAction,
});
export type SensitiveMatch = z.infer<typeof sensitiveMatch>;
export const sensitiveCheckResult = z.object({
  matches: z.array(sensitiveMatch),
  verdict: z.enum(SENSITIVE_WORD_VERDICTS),
  /** The text with every masking match replaced by one asterisk per character, as viewers would see it. */
  masked: z.string(),
});
export type SensitiveCheckResult = z.infer<typeof sensitiveCheckResult>;

export const sensitiveWordCalls = defineCalls('sensitive-words', {
  listSensitiveWordLists: {
    method: 'GET',
    path: '/agent/sensitiveWord',
    summary: 'The agent’s sensitive word lists, with their words, actions and switches',
    access: 'signedIn',
    query: sensitiveWordListQuery,
    response: sensitiveWordLists,
  },
  createSensitiveWordList: {
    method: 'POST',
    path: '/agent/sensitiveWord',
    summary: 'Create a sensitive word list',
    access: 'mainAccount',
    body: sensitiveWordListInput,
    response: sensitiveWordList,
  },
  updateSensitiveWordList: {
    method: 'PUT',
    path: '/agent/sensitiveWord/:id',
    summary: 'Rename a list, change its words or action, or switch it on or off',
    access: 'mainAccount',
    params: idParams,
    body: sensitiveWordListUpdate,
    response: sensitiveWordList,
  },
  checkSensitiveWords: {
    method: 'POST',
    path: '/agent/sensitiveWord/check',
    summary: 'Match a text against the enabled lists (or one list): the matches, their positions and the verdict',
    access: 'signedIn',
    body: sensitiveCheckInput,
    response: sensitiveCheckResult,
  },
});
