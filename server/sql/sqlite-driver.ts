import type { ColumnDefinition, Database, Statement } from "better-sqlite3";
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

/** A prepared statement and, for one that reads, how its rows are built. */
interface Prepared {
  statement: Statement;
  /** A reader's row from its values; null for a statement that returns none. */
  rowOf: ((values: unknown[]) => Record<string, unknown>) | null;
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
    const { statement, rowOf } = this.prepare(query.sql);
    const parameters = query.parameters.map(toStored);
    if (!rowOf) return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
    return { rows: (statement.all(parameters) as unknown[][]).map(rowOf) as R[] };
  }

  private prepare(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (prepared) {
      // Move to the back: the map's first entry is the least recently used.
      this.statements.delete(sql);
    } else {
      const statement = this.database.prepare(sql);
      prepared = { statement, rowOf: statement.reader ? rowReader(statement.raw(true).columns()) : null };
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, prepared);
    return prepared;
  }
}

/**
 * SQLite has no date or boolean type: DateTime columns hold ISO 8601 text with `+00:00` (the form
 * Prisma's adapter wrote, kept so that every row sorts by its text) and Boolean columns 0/1.
 * Queries give and take Date and boolean, as on PostgreSQL; this module is the one place that
 * converts (toStored going in, rowReader coming out).
 */
function toStored(value: unknown): unknown {
  if (value instanceof Date) return dbTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * A reader's rows come as arrays of values (better-sqlite3's raw mode) and are made into objects
 * here, each column converted by its declared type: only a table's own DateTime column is read back
 * as a Date. Building each row in one pass costs half of what better-sqlite3's own objects do (a
 * page of 20 books, 40 columns each: 185 µs as objects, 90–125 µs this way), and every read is one.
 * A name given twice keeps its last value, as better-sqlite3's objects do.
 */
function rowReader(columns: ColumnDefinition[]): (values: unknown[]) => Record<string, unknown> {
  const names = columns.map((column) => column.name);
  const kinds = columns.map((column) => (column.type === "DATETIME" ? DATE : column.type === "BOOLEAN" ? BOOLEAN : PLAIN));
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      const kind = kinds[i];
      row[names[i]!] = kind === DATE && typeof value === "string" ? new Date(value) : kind === BOOLEAN && typeof value === "number" ? value !== 0 : value;
    }
    return row;
  };
}
const PLAIN = 0;
const DATE = 1;
const BOOLEAN = 2;
