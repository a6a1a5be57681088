// A write refused by a unique index, told apart from every other failure: PostgreSQL's SQLSTATE 23505, as both
// PGlite and node-postgres report it.

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
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
