import { type SensitiveMatch, uniqueWords } from '@yanbo/contracts';

// Pure rules of the sensitive-words screen, kept apart from the components so they can be tested alone.

/** The words typed in the form's box: one per line, or separated by commas (either width) or 、; cleaned as the server does. */
export function parseWords(input: string): string[] {
  return uniqueWords(input.split(/[\n\r,，、;；]+/));
}

/** The words as the form's box shows them: one per line. */
export function formatWords(words: readonly string[]): string {
  return words.join('\n');
}

export interface TextSegment {
  text: string;
  match?: SensitiveMatch;
}

/** A checked text cut into plain runs and matched runs, in order, for highlighting. */
export function segmentsOf(text: string, matches: readonly SensitiveMatch[]): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of [...matches].sort((a, b) => a.start - b.start)) {
    if (match.start < at) continue;
    if (match.start > at) segments.push({ text: text.slice(at, match.start) });
    segments.push({ text: text.slice(match.start, match.end), match });
    at = match.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
