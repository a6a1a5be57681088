import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { currentRequestId } from '../request-context.ts';

// Every statement either engine runs passes here (issue 15, operations): it is counted while it runs (the metrics'
// queries in flight, and the callers waiting for a connection before it), timed (a slow one is logged with the
// request it ran for), and headed by a comment naming that request, `/* reqId=… */`, so a statement seen in
// PostgreSQL's pg_stat_activity or its own slow-query log can be traced to the request's log lines. The comment is a few bytes added to a string already built, where setting
// application_name or a custom setting per statement would have cost a round trip each; statements outside any
// request (start-up, the task worker, timers) run as they are.

export interface QueryObserver {
  /** Statements running now (sent, not yet answered). */
  inFlight: number;
  /** Callers waiting for a connection: PGlite's one, or a free one of PostgreSQL's pool. */
  waiting: number;
  /** Statements that took at least this long are logged. */
  slowMs: number;
  onSlow(line: { sql: string; ms: number; reqId: string | undefined }): void;
}

/** The observer with nothing to report to yet (the log is set once the app's logger exists). */
export function createQueryObserver(slowMs: number): QueryObserver {
  return { inFlight: 0, waiting: 0, slowMs, onSlow() {} };
}

/** Only the statement's first words go to the log: its values are parameters, and its text can be long. */
const SLOW_SQL_CHARS = 300;

export class ObservedDialect implements Dialect {
  readonly #inner: Dialect;
  readonly #observer: QueryObserver;
  constructor(inner: Dialect, observer: QueryObserver) {
    this.#inner = inner;
    this.#observer = observer;
  }
  createAdapter() {
    return this.#inner.createAdapter();
  }
  createDriver(): Driver {
    return new ObservedDriver(this.#inner.createDriver(), this.#observer);
  }
  createIntrospector(db: Kysely<unknown>) {
    return this.#inner.createIntrospector(db);
  }
  createQueryCompiler() {
    return this.#inner.createQueryCompiler();
  }
}

class ObservedDriver implements Driver {
  readonly #inner: Driver;
  readonly #observer: QueryObserver;
  readonly #wrapped = new WeakMap<DatabaseConnection, ObservedConnection>();
  constructor(inner: Driver, observer: QueryObserver) {
    this.#inner = inner;
    this.#observer = observer;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    this.#observer.waiting += 1;
    let connection: DatabaseConnection;
    try {
      connection = await this.#inner.acquireConnection();
    } finally {
      this.#observer.waiting -= 1;
    }
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new ObservedConnection(connection, this.#observer);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    // The engine's driver releases its own connection object (PostgreSQL's keeps its release behind a private symbol).
    return this.#inner.releaseConnection(connection instanceof ObservedConnection ? connection.inner : connection);
  }
  destroy() {
    return this.#inner.destroy();
  }
}

class ObservedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #observer: QueryObserver;
  constructor(inner: DatabaseConnection, observer: QueryObserver) {
    this.inner = inner;
    this.#observer = observer;
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const reqId = currentRequestId();
    // The id is a plain one (request-context.ts accepts no other), so it cannot end the comment.
    const query = reqId ? { ...compiled, sql: `/* reqId=${reqId} */ ${compiled.sql}` } : compiled;
    const observer = this.#observer;
    const started = performance.now();
    observer.inFlight += 1;
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      observer.inFlight -= 1;
      const ms = performance.now() - started;
      if (ms >= observer.slowMs) observer.onSlow({ sql: compiled.sql.slice(0, SLOW_SQL_CHARS), ms, reqId });
    }
  }
  streamQuery<R>(compiled: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}
