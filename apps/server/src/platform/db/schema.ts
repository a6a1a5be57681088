import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from './db-types.generated.ts';

// The tables' types, generated from the migrations (db-types.ts), under the names the code reads rows by. Kysely's
// CamelCasePlugin maps these camelCase names to the snake_case columns of migrations/.

export type { DB };
export type AgentRow = Selectable<DB['agents']>;
export type AgentUpdate = Updateable<DB['agents']>;
export type SubagentRow = Selectable<DB['subagents']>;
export type ActivityRow = Selectable<DB['activities']>;
export type NewActivity = Insertable<DB['activities']>;
export type MediaRow = Selectable<DB['media']>;
export type PackageRow = Selectable<DB['packages']>;
export type LedgerEntryRow = Selectable<DB['ledgerEntries']>;
