import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containing } from '../../src/platform/db/like.ts';

// Every search box matches the text as typed: \, % and _ are escaped, not taken as LIKE wildcards.

describe('containing', () => {
  it('wraps the text in % and escapes \\, % and _', () => {
    expect(containing('abc')).toBe('%abc%');
    expect(containing('')).toBe('%%');
    expect(containing('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
  });

  describe('in PostgreSQL', () => {
    let pg: PGlite;
    beforeAll(async () => {
      pg = await PGlite.create();
    });
    afterAll(async () => {
      await pg.close();
    });

    const matches = async (value: string, text: string) =>
      (await pg.query<{ m: boolean }>('SELECT $1 ILIKE $2 AS m', [value, containing(text)])).rows[0]?.m;

    it('matches values containing the text as typed', async () => {
      expect(await matches('Summer Sale 50% off', '50%')).toBe(true);
      expect(await matches('Summer Sale 50x off', '50%')).toBe(false);
      expect(await matches('a_b', 'a_b')).toBe(true);
      expect(await matches('axb', 'a_b')).toBe(false);
      expect(await matches('C:\\path', ':\\p')).toBe(true);
      expect(await matches('C:path', ':\\p')).toBe(false);
      expect(await matches('HELLO world', 'hello')).toBe(true);
    });
  });
});
