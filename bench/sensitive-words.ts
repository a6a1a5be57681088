import { createRequire } from 'node:module';
import { foldWord, SENSITIVE_WORDS_PER_LIST } from '@yanbo/contracts';
import { compileMatcher } from '../apps/server/src/features/sensitive-words/index.ts';
import { writeSection } from './readme-section.ts';

// Matching a comment against an agent's sensitive words (issue 10: "an Aho–Corasick library from npm, measure two and
// pick"). The same comments and words go through: the matcher the server uses (modern-ahocorasick's TextMatcher,
// NFKC and case folded, offsets mapped back to the text), `ahocorasick` (the other widely used package: exact code
// units only, so the text is folded first and its end offsets turned into ranges here), and as the baseline a loop of
// String.includes over every word, what one writes without a library.

type Old = new (words: string[]) => { search(text: string): [number, string[]][] };
const OldAhoCorasick = createRequire(import.meta.url)('ahocorasick') as Old;

const COMMON =
  '的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能对着事其里所去行过家十用发天如然作方成者多日都三小义';
const COMMENTS = 2_000;
const COMMENT_LENGTH = 60;
const ROUNDS = 5;

/** A deterministic pseudo-random source, so each run measures the same texts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function text(next: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += COMMON[Math.floor(next() * COMMON.length)];
  return out;
}

function timePerComment(run: (comment: string) => number, comments: string[]): { microseconds: number; hits: number } {
  let hits = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    hits = 0;
    for (const comment of comments) hits += run(comment);
    best = Math.min(best, performance.now() - started);
  }
  return { microseconds: (best * 1_000) / comments.length, hits };
}

export async function benchSensitiveWords() {
  const next = random(42);
  const words = [
    ...new Set(Array.from({ length: SENSITIVE_WORDS_PER_LIST }, () => text(next, 2 + Math.floor(next() * 3)))),
  ];
  const comments = Array.from({ length: COMMENTS }, () => text(next, COMMENT_LENGTH));

  const buildStarted = performance.now();
  const matcher = compileMatcher([{ id: 1, words, action: 'mask' }]);
  const buildModern = performance.now() - buildStarted;
  const oldStarted = performance.now();
  const old = new OldAhoCorasick(words.map(foldWord));
  const buildOld = performance.now() - oldStarted;

  const baseline = timePerComment((comment) => words.filter((word) => comment.includes(word)).length, comments);
  const modern = timePerComment((comment) => matcher.check(comment).matches.length, comments);
  const exact = timePerComment((comment) => {
    const folded = [...comment].map((c) => (foldWord(c).length === c.length ? foldWord(c) : c)).join('');
    return old.search(folded).reduce((n, [, found]) => n + found.length, 0);
  }, comments);

  const row = (name: string, r: { microseconds: number; hits: number }, build: string) =>
    `| ${name} | ${r.microseconds.toFixed(1)} | ${(baseline.microseconds / r.microseconds).toFixed(1)}× | ${build} | ${r.hits} |`;
  console.log(
    `sensitive-words: includes ${baseline.microseconds.toFixed(1)} µs, modern-ahocorasick ${modern.microseconds.toFixed(1)} µs, ahocorasick ${exact.microseconds.toFixed(1)} µs per comment`,
  );
  await writeSection(
    'sensitive-words',
    `## Sensitive words: one ${COMMENT_LENGTH}-character comment against ${words.length.toLocaleString('en')} words

Best of ${ROUNDS} rounds over ${COMMENTS.toLocaleString('en')} comments. Hits count every match each way finds:
the two automata answer non-overlapping (leftmost-longest) and all-overlapping matches respectively, the loop counts
each word once per comment.

| way | µs per comment | speed-up over the loop | build ms | hits |
|---|---|---|---|---|
${row('String.includes per word (baseline)', baseline, '—')}
${row('modern-ahocorasick TextMatcher, NFKC + case folding (used)', modern, buildModern.toFixed(0))}
${row('ahocorasick, exact code units over a folded copy', exact, buildOld.toFixed(0))}

The server uses modern-ahocorasick although \`ahocorasick\` scans faster: it folds width and case (Unicode NFKC and
full case folding) while answering the offsets of the text as typed, keeps grapheme clusters whole, resolves
overlaps leftmost-longest, carries each word's list with it, and is maintained and typed; \`ahocorasick\` answers
only end positions over exact code units (folding that keeps offsets has to be hand-made per character), and its last
release is years old. At these figures a chat of 200 comments a second spends well under a tenth of one core on it.`,
  );
}
