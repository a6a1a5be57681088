import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkedValues, DB_TYPES_FILE, generateDbTypes } from '../../src/platform/db/db-types.ts';

// The database's types are generated from the migrations (issue 9): a migration added without running
// `node scripts/generate-db-types.ts` fails here, before any query is typed against a schema that no longer exists.

describe('database types', () => {
  it('are what the migrations generate', async () => {
    expect(await readFile(DB_TYPES_FILE, 'utf8')).toBe(await generateDbTypes());
  }, 60_000);

  it('read the values a CHECK constraint lists, and nothing else', () => {
    expect(checkedValues("CHECK ((status = ANY (ARRAY['enabled'::text, 'pending'::text, 'it''s'::text])))")).toEqual({
      column: 'status',
      values: ['enabled', 'pending', "it's"],
    });
    expect(checkedValues("CHECK ((kind = 'relay'::text))")).toBeNull();
    expect(checkedValues('CHECK ((price > 0))')).toBeNull();
    expect(checkedValues("CHECK (((price > 0) OR (type = 'free'::text)))")).toBeNull();
  });
});
