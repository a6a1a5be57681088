// A search box's text as a LIKE / ILIKE pattern: PostgreSQL's default escape character is the backslash, so \, % and _
// typed by the user are matched as themselves rather than as wildcards.

/** The text with \, % and _ escaped, for use inside a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE / ILIKE pattern matching any value that contains `text` as typed. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The LIKE pattern matching any value that starts with `text` as typed (a prefix search can use a pattern index). */
export function startingWith(text: string): string {
  return `${escapeLike(text)}%`;
}
