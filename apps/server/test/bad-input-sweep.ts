import { sql } from 'kysely';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, engines, sessionFor, startApp, type TestApp } from './harness.ts';
import { buildWorld, isPublicRoute, type SeenRoute, sweepLog as seen } from './sweep-world.ts';
import { type Probe, ROUTES, type World } from './tenancy-sweep-routes.ts';

// Bad input is normal (ARCHITECTURE.md "The edge"; issue 8, "a sweep so there is no third"): every route the server
// registers is sent malformed input, as agent A with A's own ids (so the call passes authentication and tenancy and
// reaches validation and the service): wrong types, missing and empty fields, 1 MB strings, deep nesting, NaN and
// huge numbers, negative ids, NUL bytes, broken JSON, a wrong content type, empty and malformed query values and path
// parameters. No answer may be a 5xx, and no answer in 4xx may have written anything: every table is hashed after
// each call and compared with the hash before it.
//
// The routes come from the server itself (an onRoute hook), so a new route is swept as soon as it exists; its URL
// with real ids comes from its tenancy probe (tenancy-sweep-routes.ts) with A's ids in place of B's.

/**
 * Tables a refused call may still write, each for its reason: the session's last use (any signed-in call), and the login
 * history (a refused sign-in is recorded there, as the login records show), and the process's heartbeat (renewed in the
 * background every few seconds, whatever the calls).
 */
const VOLATILE_TABLES = new Set(['sessions', 'login_records', 'server_processes']);

/** Routes the sweep leaves alone, with the reason. */
const SKIPPED: Record<string, string> = {
  'GET /api/docs/*': 'the API viewer’s static files',
  'GET /api/docs/static/*': 'the API viewer’s static files',
};

/** An answer still open after this long is an event stream that opened (no other call takes seconds). */
const STREAM_OPEN_MS = 10_000;

/** A's own rows in B's place, so a tenancy probe's URL and body reach A's own rows. */
function ownWorld(w: World): World {
  return {
    ...w,
    bId: w.aId,
    bChildId: w.aChildId,
    bAct: w.aAct,
    bSub: w.aSub,
    bGroup: w.aGroup,
    bSubGroup: w.aSubGroup,
    bMedia: w.aMediaOther,
    bDitchSign: w.aDitchSign,
    bJob: w.aJobOther,
    bOrder: w.aOrder,
    bWordList: w.aWordList,
    bGift: w.aGift,
    bLibrary: w.aLibrary,
    bRobot: w.aRobot,
    bTask: w.aTask,
    bPerson: w.aPerson,
    bTag: w.aTag,
    bCatalog: w.aCatalog,
    bAggregation: w.aAggregation,
    bPage: w.aPage,
    bPageList: w.aPageList,
    bCard: w.aCard,
    bRecharge: w.aRecharge,
    bWithdrawal: w.aChildWithdrawal,
    bRegistration: w.aRegistration,
    bRecord: w.aRecord,
    bPhotoList: w.aPhotoList,
    bDocument: w.aDocument,
  };
}

/** A value for a path parameter the table gives no probe for. */
function paramValue(name: string, w: World): string {
  if (name === 'sign') return w.aDitchSign;
  if (name === 'agentId') return String(w.aId);
  if (name === '*') return 'x';
  return String(w.aAct);
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};

const typeOf = (schema: JsonSchema | undefined): string => {
  if (!schema) return 'unknown';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return typeOf(variants.find((variant) => variant.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : 'unknown');
};

/** A plausible value of the schema, as the base the mutations are made on (it need not be accepted). */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((variant) => variant.type !== 'null') ?? variants[0], depth);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], depth);
  switch (typeOf(schema)) {
    case 'string':
      return schema.format === 'date-time' ? new Date().toISOString() : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [sample(schema.items, depth + 1)] : [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], depth + 1);
      return value;
    }
    default:
      return 'x';
  }
}

// Under the JSON body limit (1 MiB), so it reaches validation rather than the body limit.
const MEGABYTE = 'x'.repeat(1_000_000);
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Wrong values for a field of the type: wrong types, empty, NUL, 1 MB, and for numbers the edges of numbers. */
function badValues(type: string): [string, unknown][] {
  const wrongType: Record<string, unknown[]> = {
    string: [12345, { a: 1 }],
    integer: ['abc', true, 1.5],
    number: ['abc', true],
    boolean: ['yes', 1],
    array: ['x', { a: 1 }, [null], [{ a: [1] }]],
    object: ['x', [1]],
  };
  const numeric = type === 'integer' || type === 'number' || type === 'unknown';
  return [
    ...(wrongType[type] ?? ['x', 1]).map((value): [string, unknown] => ['wrong type', value]),
    ['null', null],
    ['empty string', ''],
    ['NUL byte', 'a\u0000b'],
    ['1 MB string', MEGABYTE],
    ['negative', -1],
    ...(numeric
      ? ([
          ['zero', 0],
          ['huge number', 1e308],
          ['beyond int32', 2_147_483_648],
          ['beyond 2^53', 2 ** 60],
          ['NaN text', 'NaN'],
          ['Infinity text', 'Infinity'],
        ] as [string, unknown][])
      : []),
  ];
}

/** Malformed query values and path segments. */
const BAD_TEXT: [string, string][] = [
  ['empty', ''],
  ['letters', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['huge', '1e400'],
  ['beyond int64', '99999999999999999999'],
  ['NUL byte', '%00'],
  ['bad escape', '%E0%A4%A'],
  ['long', 'x'.repeat(10_000)],
];

interface Attempt {
  label: string;
  request: InjectOptions;
}

/**
 * Sweeps one part of the routes (every `of`-th, from the `part`-th, in the sweep's order) on one engine: the four test
 * files (bad-input-sweep-*.test.ts) run side by side, each with its own app and world, instead of one file for all.
 * Each file mocks Fastify with sweptFastify (sweep-world.ts) before anything imports it.
 */
export function sweepBadInput(engine: Engine, part: number, of: number) {
  describe.skipIf(!engines.includes(engine))(`bad-input sweep on ${engine}, part ${part + 1} of ${of}`, () => {
    let t: TestApp;
    let w: World;
    let routes: SeenRoute[];

    beforeAll(async () => {
      seen.routes.length = 0;
      t = await startApp(engine);
      await t.app.ready();
      routes = seen.routes.filter((route) => route.method !== 'HEAD');
      ({ w } = await buildWorld(t));
    }, 60_000);

    afterAll(async () => {
      await t?.close();
    });

    /**
     * Every table's row count and a hash of its rows, in one statement. It costs 10 to 20 ms on PGlite, too much for
     * every one of the sweep's calls, so a row trigger on every table (installed for this test only) notes each row
     * written, and the snapshot is taken again only after a call that wrote: any call that wrote nothing leaves it as it
     * was, by construction.
     */
    async function snapshot(): Promise<Map<string, string>> {
      const parts = (await sweptTables()).map(
        (name) =>
          sql`select ${name}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from ${sql.table(name)} r`,
      );
      const rows = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(t.ctx.db);
      return new Map(rows.rows.map((row) => [row.name, row.hash]));
    }

    async function sweptTables(): Promise<string[]> {
      const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'sweep_writes'
      order by table_name`.execute(t.ctx.db);
      return tables.rows.map(({ name }) => name).filter((name) => !VOLATILE_TABLES.has(name));
    }

    /** Notes in sweep_writes every row inserted, updated or deleted in any swept table, if its transaction commits. */
    async function installWriteLog() {
      await sql`create table sweep_writes (table_name text not null)`.execute(t.ctx.db);
      await sql`create function sweep_note_write() returns trigger language plpgsql as $$
      begin insert into sweep_writes values (TG_TABLE_NAME); return null; end $$`.execute(t.ctx.db);
      for (const name of await sweptTables()) {
        await sql`create trigger sweep_write after insert or update or delete on ${sql.table(name)}
        for each row execute function sweep_note_write()`.execute(t.ctx.db);
      }
    }

    /**
     * Whether a refused call writes when made again once the server is quiet. A write seen during a refused call may
     * be a background task of an earlier accepted call (a media transcode finishing): the repeat tells them apart.
     */
    async function writesAgain(send: () => Promise<{ statusCode: number } | null>): Promise<boolean> {
      for (let quiet = 0; quiet < 5; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        quiet = (await writtenTables()).length === 0 ? quiet + 1 : 0;
      }
      const repeat = await send();
      const wrote = (await writtenTables()).length > 0;
      // Accepted this time (the background task put the row back as the call wants it): the call may write.
      return wrote && !!repeat && repeat.statusCode >= 400 && repeat.statusCode < 500;
    }

    /**
     * Whether A's rows the sweep calls with are all still there as they were made: an accepted call (a destroy, an
     * archive, a status change) may have removed one, and the routes after it would then stop at 404 or 403 before
     * validation and the service.
     */
    async function worldIntact(): Promise<boolean> {
      const db = t.ctx.db;
      const [activities, ditch, subagent, agent, media, job] = await Promise.all([
        db
          .selectFrom('activities')
          .select('id')
          .where('id', 'in', [w.aAct, w.aActOther])
          .where('deletedAt', 'is', null)
          .where('isArchived', '=', false)
          .execute(),
        db.selectFrom('promotionChannels').select('id').where('sign', '=', w.aDitchSign).executeTakeFirst(),
        db
          .selectFrom('subagents')
          .select('id')
          .where('id', '=', w.aSub)
          .where('deletedAt', 'is', null)
          .executeTakeFirst(),
        db.selectFrom('agents').select('id').where('id', '=', w.aId).where('status', '=', 'enabled').executeTakeFirst(),
        db.selectFrom('media').select('id').where('id', '=', w.aMediaOther).executeTakeFirst(),
        db.selectFrom('streamJobs').select('id').where('id', '=', w.aJobOther).executeTakeFirst(),
      ]);
      return activities.length === 2 && !!ditch && !!subagent && !!agent && !!media && !!job;
    }

    /** The tables written since the last look (each once). */
    async function writtenTables(): Promise<string[]> {
      const rows = await sql<{ name: string }>`delete from sweep_writes returning table_name as name`.execute(t.ctx.db);
      return [...new Set(rows.rows.map((row) => row.name))].sort();
    }

    /** The attempts for one route: its path parameters, query and body, each malformed in every way above. */
    function attemptsFor(route: SeenRoute, document: OpenApi): { valid: string; attempts: Attempt[] } {
      const key = `${route.method} ${route.url}`;
      const entry = ROUTES[key];
      const own = ownWorld(w);
      const probe: Probe | undefined =
        entry && 'probes' in entry
          ? entry.probes.find((candidate) => (candidate.as ?? 'agentA') === 'agentA')
          : undefined;
      const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
      const valid = probe
        ? probe.url(own)
        : route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => paramValue(name ?? '*', w));
      const [validPath, validQuery = ''] = valid.split('?');
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const method = route.method as InjectOptions['method'];
      const attempts: Attempt[] = [];

      // Path parameters: the probe's path, one parameter's segment replaced.
      const template = route.url.split('/');
      const segments = (validPath ?? '').split('/');
      if (template.length === segments.length) {
        for (const name of names) {
          const at = template.findIndex((part) => part === `:${name}` || (name === '*' && part === '*'));
          for (const [label, value] of BAD_TEXT) {
            const path = segments.map((part, i) => (i === at ? value : part)).join('/');
            attempts.push({ label: `path ${name} ${label}`, request: { method, url: `${path}?${validQuery}` } });
          }
        }
      }

      // Query: each declared parameter malformed, and given twice.
      const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of queryNames) {
        const base = new URLSearchParams(validQuery);
        base.delete(name);
        for (const [label, value] of BAD_TEXT) {
          attempts.push({
            label: `query ${name} ${label}`,
            request: { method, url: `${validPath}?${base}&${name}=${value}` },
          });
        }
        attempts.push({
          label: `query ${name} twice`,
          request: { method, url: `${validPath}?${base}&${name}=1&${name}=2` },
        });
      }

      if (route.method === 'GET' || route.method === 'HEAD') return { valid, attempts };
      const url = valid;
      const json = (label: string, body: unknown) =>
        attempts.push({
          label,
          request: { method, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
        });
      const raw = (label: string, payload: string, type: string) =>
        attempts.push({ label, request: { method, url, payload, headers: { 'content-type': type } } });

      // The whole body.
      raw('broken JSON', '{"name": ', 'application/json');
      raw('NaN literal', '{"id": NaN}', 'application/json');
      raw('empty JSON body', '', 'application/json');
      raw('10,000 nested arrays', deepArray(10_000), 'application/json');
      raw('10,000 nested objects', deepObject(10_000), 'application/json');
      raw('text body', 'hello', 'text/plain');
      raw('form body', 'a=1&b=%00&c[d]=2', 'application/x-www-form-urlencoded');
      raw('unknown content type', '<x/>', 'application/xml');
      for (const body of [null, [], 'text', 0, {}]) json(`body ${JSON.stringify(body)}`, body);

      // Each field of the body, starting from the probe's body or a plausible one.
      const schema = operation?.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      const base = (probe?.body?.(own) ?? sample(schema)) as Record<string, unknown> | undefined;
      const fields = { ...(schema?.properties ?? {}) };
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        for (const name of Object.keys(base)) fields[name] ??= {};
      }
      const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
      let nested = false;
      for (const [name, fieldSchema] of Object.entries(fields)) {
        const { [name]: _, ...without } = baseObject;
        json(`body without ${name}`, without);
        for (const [label, value] of badValues(typeOf(fieldSchema)))
          json(`body ${name} ${label}`, { ...without, [name]: value });
        if (!nested) {
          nested = true;
          const text = JSON.stringify(without);
          const rest = text === '{}' ? '' : `,${text.slice(1, -1)}`;
          raw(`body ${name} 10,000 nested arrays`, `{"${name}":${deepArray(10_000)}${rest}}`, 'application/json');
        }
        // One level down: the fields of an object field.
        const inner = typeOf(fieldSchema) === 'object' ? (fieldSchema.properties ?? {}) : {};
        const innerBase = (sample(fieldSchema) ?? {}) as Record<string, unknown>;
        for (const [innerName, innerSchema] of Object.entries(inner)) {
          for (const [label, value] of badValues(typeOf(innerSchema)).slice(0, 6))
            json(`body ${name}.${innerName} ${label}`, { ...without, [name]: { ...innerBase, [innerName]: value } });
        }
        // And the fields of an array's items (menus, slots, options).
        const item = typeOf(fieldSchema) === 'array' ? fieldSchema.items : undefined;
        const itemBase = (sample(item) ?? {}) as Record<string, unknown>;
        for (const [itemName, itemSchema] of Object.entries(
          typeOf(item) === 'object' ? (item?.properties ?? {}) : {},
        )) {
          for (const [label, value] of badValues(typeOf(itemSchema)).slice(0, 6))
            json(`body ${name}[0].${itemName} ${label}`, { ...without, [name]: [{ ...itemBase, [itemName]: value }] });
        }
      }
      return { valid, attempts };
    }

    it('answers no 5xx to malformed input on any route, and writes nothing when it refuses', async () => {
      const document = t.app.swagger() as unknown as OpenApi;
      // Calls that take rows away go last, so fewer routes need the world made again.
      const order = (route: SeenRoute) =>
        route.method === 'DELETE' || /destroy|archive|logout/.test(route.url) ? 1 : 0;
      const swept = routes
        .filter((route) => !SKIPPED[`${route.method} ${route.url}`])
        .sort((x, y) => order(x) - order(y))
        .filter((_, index) => index % of === part);
      let token = await sessionFor(t.ctx, w.aId);
      const problems: string[] = [];
      const notReached: string[] = [];
      const streaming: string[] = [];
      const rebuilt: string[] = [];
      let sent = 0;
      await installWriteLog();
      let before = await snapshot();
      const statuses = new Map<number, number>();
      const started = Date.now();

      for (const route of swept) {
        const key = `${route.method} ${route.url}`;
        const { valid, attempts } = attemptsFor(route, document);
        let reached = false;
        for (const attempt of attempts) {
          const send = async () => {
            seen.lastError = '';
            seen.lastRoute = '';
            let timer: NodeJS.Timeout | undefined;
            try {
              return await Promise.race([
                t.app.inject({
                  ...attempt.request,
                  headers: {
                    ...attempt.request.headers,
                    ...(isPublicRoute(route) ? {} : { authorization: `Bearer ${token}` }),
                  },
                }),
                new Promise<null>((resolve) => {
                  timer = setTimeout(() => resolve(null), STREAM_OPEN_MS);
                }),
              ]);
            } finally {
              clearTimeout(timer);
            }
          };
          let response = await send();
          sent += 1;
          // A call that ended the session (a logout given a query it ignores): sign in again and repeat it.
          if (response?.statusCode === 401 && !isPublicRoute(route)) {
            token = await sessionFor(t.ctx, w.aId);
            response = await send();
            sent += 1;
          }
          if (response === null) {
            // An event stream opened: the input was acceptable. Its route is not swept further.
            streaming.push(key);
            break;
          }
          if (seen.lastRoute === key) reached = true;
          const label = `${key} ${attempt.label} (${attempt.request.method} ${String(attempt.request.url).slice(0, 120)})`;
          if (response.statusCode >= 500)
            problems.push(`${label}: ${response.statusCode} ${seen.lastError || response.body.slice(0, 200)}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const written = await writtenTables();
          if (written.length === 0) continue;
          const after = await snapshot();
          if (response.statusCode >= 400 && response.statusCode < 500 && (await writesAgain(send))) {
            const changed = [...after.keys()].filter((table) => after.get(table) !== before.get(table));
            problems.push(
              `${label}: ${response.statusCode} but wrote ${written.join(', ')} (rows changed in ${changed.join(', ') || 'none'})`,
            );
          }
          before = after;
        }
        if (!reached && attempts.length > 0) notReached.push(`${key} (${valid})`);
        if (!(await worldIntact())) {
          // A call was accepted that took A's rows away: a world of its own for the routes left.
          ({ w } = await buildWorld(t, rebuilt.length + 1));
          token = await sessionFor(t.ctx, w.aId);
          await writtenTables();
          before = await snapshot();
          rebuilt.push(key);
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `bad-input sweep on ${engine}, part ${part + 1} of ${of}: ${swept.length} routes, ${sent} calls in ${seconds.toFixed(1)} s`,
      );
      console.info(JSON.stringify([...statuses].sort()), { streaming, rebuilt });
      expect(problems).toEqual([]);
      // A route the sweep could not reach was not swept: its URL in the tenancy table is wrong.
      expect(notReached).toEqual([]);
      expect(sent).toBeGreaterThan(5_000 / of);
    }, 600_000);
  });
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: unknown }> };
      }
    >
  >;
}
