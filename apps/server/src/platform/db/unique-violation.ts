// A write refused by a unique index, told apart from every other failure: PostgreSQL's SQLSTATE 23505, as both
// PGlite and node-postgres report it.

const UNIQUE_VIOLATION = '23505';

/**
 * Whether the error is a unique violation; with `index`, only one raised by that index or constraint (named in the
 * error's `constraint`, or in its message where the driver reports no constraint).
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== UNIQUE_VIOLATION) return false;
  if (index === undefined) return true;
  return e.constraint === index || (typeof e.message === 'string' && e.message.includes(index));
}

/** The write's result, or `taken()` thrown in its place when a unique index refuses it (a name already used). */
export async function unlessTaken<T>(write: Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
