import type { SensitiveCheckResult, SensitiveMatch, SensitiveWordAction, SensitiveWordVerdict } from '@yanbo/contracts';
import TextMatcher from 'modern-ahocorasick/text';

// Matching a text against an agent's sensitive word lists (issue 10): one Aho–Corasick automaton over every word of
// every list, so a comment is scanned once whatever the number of words. The text is compared in NFKC and full case
// folding, so 'ＡＤ', 'Ad' and 'ad' are one word, while the offsets answered are the text's own (bench/README.md has why
// this library: it maps folded matches back to the original UTF-16 ranges). Overlapping words resolve leftmost-longest;
// the same word in two lists takes the stronger action.

export interface MatcherList {
  id: number;
  words: readonly string[];
  action: SensitiveWordAction;
}

const STRENGTH: Record<SensitiveWordVerdict, number> = { pass: 0, mask: 1, review: 2, reject: 3 };

type Entry = { listId: number; action: SensitiveWordAction };

export interface SensitiveWordMatcher {
  check(text: string): SensitiveCheckResult;
}

export function compileMatcher(lists: readonly MatcherList[]): SensitiveWordMatcher {
  // Stronger lists first: among equal matches at one place, the first entry wins.
  const ordered = [...lists].sort((a, b) => STRENGTH[b.action] - STRENGTH[a.action] || a.id - b.id);
  const patterns = ordered.flatMap((list) =>
    list.words.map((word) => ({ pattern: word, data: { listId: list.id, action: list.action } satisfies Entry })),
  );
  if (patterns.length === 0) return { check: (text) => ({ matches: [], verdict: 'pass', masked: text }) };
  const automaton = new TextMatcher<Entry>(patterns, { normalization: 'NFKC', caseFold: true });

  return {
    check(text) {
      const matches: SensitiveMatch[] = automaton.search(text, { strategy: 'leftmost-longest' }).map((hit) => ({
        word: hit.pattern,
        start: hit.start,
        end: hit.end,
        listId: (hit.data as Entry).listId,
        action: (hit.data as Entry).action,
      }));
      let verdict: SensitiveWordVerdict = 'pass';
      for (const match of matches) if (STRENGTH[match.action] > STRENGTH[verdict]) verdict = match.action;
      return { matches, verdict, masked: maskText(text, matches) };
    },
  };
}

/** The text with each masking match replaced by one asterisk per character (code point) it covers. */
export function maskText(text: string, matches: readonly SensitiveMatch[]): string {
  let out = '';
  let at = 0;
  for (const match of matches) {
    if (match.action !== 'mask') continue;
    out += text.slice(at, match.start) + '*'.repeat([...text.slice(match.start, match.end)].length);
    at = match.end;
  }
  return out + text.slice(at);
}
