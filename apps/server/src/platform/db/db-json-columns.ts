import type { ColumnType } from 'kysely';

// The shapes the code stores in jsonb columns, which the catalogue cannot tell (db-types.ts maps each column to one).

export type JsonRecord = Record<string, unknown>;

export interface AgentExtraColumn {
  area: number;
  address: string;
  margin: number;
}

export interface ActivityMetaColumn {
  liveMode?: 'pull' | 'relay';
  relayUrl?: string;
  [key: string]: unknown;
}

/** A jsonb column: read as its shape, written as the shape or its JSON text. */
export type JsonColumn<T> = ColumnType<T, string | T, string | T>;
