import type { Database, Statement } from "better-sqlite3";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from "kysely";
import { Lock } from "./lock";
import type { PoolStats } from "./pool-stats";
import { retryWhileBusy } from "./sqlite-busy";
import { dbTime } from "./values";

// Statements are prepared once per distinct SQL text; the hot paths use a few dozen.
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely on the process's one SQLite connection (server/sql/sqlite.ts), behind a lock, so a
 * statement never runs inside another caller's transaction (better-sqlite3 has one connection,
 * and a statement sent while a transaction is open would run in it, and be undone with it).
 * Transactions begin IMMEDIATE: they take the write lock first, so two of them (in two processes)
 * can never deadlock upgrading from a read.
 */
export class LockedSqliteDialect extends SqliteDialect {
  readonly #lock = new Lock();

  constructor(
    private readonly open: () => Database,
    /** see Database.fileProblem (server/sql/open.ts) */
    readonly fileProblem: () => string | null = () => null,
  ) {
    super({ database: async () => open() });
  }

  override createDriver(): Driver {
    return new LockedSqliteDriver(this.open, this.#lock);
  }

  /** The one connection: in use while a statement or transaction holds the lock, the rest wait. */
  stats(): PoolStats {
    const claims = this.#lock.claims;
    return { max: 1, open: 1, inUse: Math.min(1, claims), waiting: Math.max(0, claims - 1) };
  }
}

class LockedSqliteDriver implements Driver {
  readonly #statements = new Map<string, Prepared>();
  readonly #lock: Lock;
  #database: Database | undefined;

  constructor(
    private readonly open: () => Database,
    lock: Lock,
  ) {
    this.#lock = lock;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    try {
      this.#database ??= this.open();
      return new LockedConnection(this.#database, this.#statements, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const locked = connection as LockedConnection;
    locked.inTransaction = true;
    await retryWhileBusy(() => locked.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE")));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const locked = connection as LockedConnection;
    await retryWhileBusy(() => locked.executeQuery(CompiledQuery.raw("COMMIT")));
    locked.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const locked = connection as LockedConnection;
    locked.inTransaction = false;
    // SQLite rolls a transaction back by itself on some failures (SQLITE_FULL, SQLITE_IOERR):
    // a ROLLBACK then fails with "cannot rollback - no transaction is active", and that error
    // would replace the one that says what happened (a full disk logged as a rollback error).
    if (locked.sqliteInTransaction()) await locked.executeQuery(CompiledQuery.raw("ROLLBACK"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as LockedConnection).release();
  }

  async destroy(): Promise<void> {
    await this.#lock.run(async () => {
      this.#statements.clear();
      this.#database?.close();
      this.#database = undefined;
    });
  }
}

/** A prepared statement with the result columns SQLite declares DATETIME or BOOLEAN. */
interface Prepared {
  statement: Statement;
  dates: string[];
  booleans: string[];
}

class LockedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly database: Database,
    private readonly statements: Map<string, Prepared>,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = () => this.run<R>(query);
    // A statement on its own is its own transaction and may meet another process's write lock.
    return this.inTransaction ? run() : retryWhileBusy(run);
  }

  /** Whether SQLite itself has a transaction open on this connection. */
  sqliteInTransaction(): boolean {
    return this.database.inTransaction;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the SQLite connection.");
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const { statement, dates, booleans } = this.prepare(query.sql);
    const parameters = query.parameters.map(toStored);
    if (!statement.reader) return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
    const rows = statement.all(parameters) as Record<string, unknown>[];
    if (dates.length > 0 || booleans.length > 0) for (const row of rows) fromStored(row, dates, booleans);
    return { rows: rows as R[] };
  }

  private prepare(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (prepared) {
      // Move to the back: the map's first entry is the least recently used.
      this.statements.delete(sql);
    } else {
      const statement = this.database.prepare(sql);
      const columns = statement.reader ? statement.columns() : [];
      prepared = {
        statement,
        dates: columns.filter((column) => column.type === "DATETIME").map((column) => column.name),
        booleans: columns.filter((column) => column.type === "BOOLEAN").map((column) => column.name),
      };
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, prepared);
    return prepared;
  }
}

/**
 * SQLite has no date or boolean type: DateTime columns hold ISO 8601 text with `+00:00` (the form
 * Prisma's adapter wrote, kept so that every row sorts by its text) and Boolean columns 0/1.
 * Queries give and take Date and boolean, as on PostgreSQL; this is the one place that converts.
 */
function toStored(value: unknown): unknown {
  if (value instanceof Date) return dbTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** Columns are known by their declared type, so only a table's own column is read back as a Date. */
function fromStored(row: Record<string, unknown>, dates: string[], booleans: string[]): void {
  for (const name of dates) {
    const value = row[name];
    if (typeof value === "string") row[name] = new Date(value);
  }
  for (const name of booleans) {
    const value = row[name];
    if (typeof value === "number") row[name] = value !== 0;
  }
}
