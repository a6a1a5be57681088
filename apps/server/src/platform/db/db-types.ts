import { type Kysely, sql } from 'kysely';
import {
  PostgresDialect as CodegenDialect,
  type ExpressionNode,
  GenericExpressionNode,
  IdentifierNode,
  serializeFromMetadata,
} from 'kysely-codegen';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

// The database's TypeScript types are generated from the migrated schema (issue 9), never written by hand:
// `node scripts/generate-db-types.ts` writes db-types.generated.ts, and a test fails when it is stale.
// What the column types alone do not say is read or added here: a text column whose CHECK constraint lists its
// values becomes that union (read from the constraint itself); a jsonb column gets the shape the code keeps in it
// (db-json-columns.ts); and a view's columns, which PostgreSQL reports as nullable whatever they hold, are taken as
// not null: every view here coalesces each of its columns.

export const DB_TYPES_FILE = new URL('./db-types.generated.ts', import.meta.url);

/** The shape stored in each jsonb column, by `table.column`: a type of db-json-columns.ts, or `unknown`. */
const JSON_COLUMNS: Record<string, string> = {
  'agents.extra': 'AgentExtraColumn',
  'activities.meta': 'ActivityMetaColumn',
  'agent_branding.image_template': 'JsonRecord',
  'agent_branding.customization': 'JsonRecord',
  'agent_branding.login_template': 'JsonRecord',
  'agent_branding.official_account': 'JsonRecord',
  'activity_settings.data': 'unknown',
  'agent_settings.data': 'unknown',
  'activity_extensions.settings': 'JsonRecord',
};
const JSON_COLUMNS_MODULE = './db-json-columns.ts';

/** `status in ('a', 'b')` as PostgreSQL keeps it: `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`. */
const IN_LIST = /^CHECK \(\(\(?(\w+)\)? = ANY \(\(?ARRAY\[(.+)\]\)?(?:::text\[\])?\)\)\)$/;
const LISTED_VALUE = /'((?:[^']|'')*)'::text/g;

/** The values a CHECK constraint allows a column, or null when it is not a list of values. */
export function checkedValues(definition: string): { column: string; values: string[] } | null {
  const match = IN_LIST.exec(definition);
  if (!match) return null;
  const values = [...(match[2] as string).matchAll(LISTED_VALUE)].map((value) =>
    (value[1] as string).replaceAll("''", "'"),
  );
  return values.length > 0 ? { column: match[1] as string, values } : null;
}

async function checkedColumns(db: Kysely<unknown>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; definition: string }>`
    select c.relname as table, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'c' and n.nspname = 'public'
    order by c.relname, k.conname`.execute(db);
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    const checked = checkedValues(row.definition);
    if (checked) columns.set(`${row.table}.${checked.column}`, checked.values);
  }
  return columns;
}

/** Migrates a fresh in-memory database and answers the source of db-types.generated.ts. */
export async function generateDbTypes(): Promise<string> {
  // The catalogue is read without the app's CamelCasePlugin, which would rename the introspector's own columns.
  const database = await openDatabase({ databaseUrl: '', dataDir: '', inMemory: true, camelCase: false });
  try {
    await migrate(database);
    const db = database.db as unknown as Kysely<unknown>;
    const dialect = new CodegenDialect();
    const metadata = await dialect.introspector.introspect({ db, excludePattern: 'public.schema_migrations' });
    const checked = await checkedColumns(db);
    const overrides: Record<string, ExpressionNode> = {};
    for (const table of metadata.tables) {
      for (const column of table.columns) {
        if (table.isView) column.isNullable = false;
        const key = `${table.name}.${column.name}`;
        column.enumValues = checked.get(key) ?? column.enumValues;
        const shape = JSON_COLUMNS[key];
        if (shape === undefined) continue;
        // An override replaces the column's type except its nullability: the default is spelt out here.
        let node: ExpressionNode = new GenericExpressionNode('JsonColumn', [new IdentifierNode(shape)]);
        if (column.hasDefaultValue) node = new GenericExpressionNode('Generated', [node]);
        overrides[key] = node;
      }
    }
    const unused = Object.keys(JSON_COLUMNS).filter((key) => !(key in overrides));
    if (unused.length > 0) throw new Error(`JSON_COLUMNS names columns that do not exist: ${unused.join(', ')}`);
    const source = serializeFromMetadata({
      metadata,
      dialect,
      camelCase: true,
      overrides: { columns: overrides },
      customImports: Object.fromEntries(
        ['JsonColumn', ...new Set(Object.values(JSON_COLUMNS))]
          .filter((name) => name !== 'unknown')
          .map((name) => [name, JSON_COLUMNS_MODULE]),
      ),
      typeOnlyImports: true,
      skipAutogeneratedFileComment: true,
    });
    return `// Generated from the migrated schema by scripts/generate-db-types.ts: do not edit.\n\n${source}`;
  } finally {
    await database.close();
  }
}
