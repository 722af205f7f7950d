import type { ColumnDefinition, Database, Statement } from "better-sqlite3";
import { setImmediate as nextTurn } from "node:timers/promises";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from "kysely";
import { Lock } from "./lock";
import type { PoolStats } from "./pool-stats";
import { retryWhileBusy } from "./sqlite-busy";
import { dbTime } from "./values";

// Statements are prepared once per distinct SQL text and connection; the hot paths use a few dozen.
const STATEMENT_CACHE_SIZE = 256;
/** How long a transaction runs on before it lets the event loop answer others (their reads need no lock). */
const TURN_MS = 10;

/** The process's connections to one SQLite file: the writer, and a read-only one beside it. */
export interface SqliteConnections {
  /** the connection every write and transaction runs on, behind the lock */
  writer(): Database;
  /** a read-only connection to the same file, for reads outside a transaction */
  reader(): Database;
  /**
   * From now on the write-ahead log is checkpointed by a thread, not by SQLite at a commit, and the
   * thread checkpoints now: called by a long transaction at its first turn, so that its commit
   * does not copy all it wrote back into the file on this thread, and again once it committed (the
   * thread costs 60 ms of CPU to start, which a process that never writes much, as a test's,
   * never pays).
   */
  checkpointOffThread(): void;
  close(): void;
}

/**
 * Kysely on the process's SQLite connections (server/sql/sqlite.ts). Writes and transactions take
 * turns on the one writer behind a lock, so a statement never runs inside another caller's
 * transaction (better-sqlite3's connection is one, and a statement sent while a transaction is open
 * would run in it, and be undone with it). Transactions begin IMMEDIATE: they take the write lock
 * first, so two of them (in two processes) can never deadlock upgrading from a read.
 *
 * A read outside a transaction takes no lock: it runs on a read-only connection, which in WAL mode
 * sees the last commit while a transaction is open on the writer. A long transaction (a replace
 * across a 20 MB book) therefore gives the event loop a turn every few milliseconds, in which
 * everyone else's reads are answered, instead of holding them all until it commits (decision 0526).
 */
export class LockedSqliteDialect extends SqliteDialect {
  readonly #lock = new Lock();

  constructor(
    private readonly connections: SqliteConnections,
    /** see Database.fileProblem (server/sql/open.ts) */
    readonly fileProblem: () => string | null = () => null,
  ) {
    super({ database: async () => connections.writer() });
  }

  override createDriver(): Driver {
    return new LockedSqliteDriver(this.connections, this.#lock);
  }

  /** The writer: in use while a statement or transaction holds the lock, the rest wait. */
  stats(): PoolStats {
    const claims = this.#lock.claims;
    return { max: 1, open: 1, inUse: Math.min(1, claims), waiting: Math.max(0, claims - 1) };
  }
}

class LockedSqliteDriver implements Driver {
  readonly #writer = new Statements();
  readonly #reader = new Statements();

  constructor(
    private readonly connections: SqliteConnections,
    private readonly lock: Lock,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Opened here, before any statement, so the file is in WAL mode before the reader opens it.
    this.connections.writer();
    return new LockedConnection(this.connections, this.#writer, this.#reader, this.lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const locked = connection as LockedConnection;
    await locked.holdWriter();
    locked.inTransaction = true;
    await retryWhileBusy(() => locked.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE")));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const locked = connection as LockedConnection;
    await retryWhileBusy(() => locked.executeQuery(CompiledQuery.raw("COMMIT")));
    locked.inTransaction = false;
    if (locked.turned) this.connections.checkpointOffThread();
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
    await this.lock.run(async () => {
      this.#writer.clear();
      this.#reader.clear();
      this.connections.close();
    });
  }
}

/** A connection's prepared statements, the least recently used dropped first. */
class Statements {
  readonly #prepared = new Map<string, Prepared>();

  get(database: Database, sql: string): Prepared {
    let prepared = this.#prepared.get(sql);
    if (prepared) {
      // Move to the back: the map's first entry is the least recently used.
      this.#prepared.delete(sql);
    } else {
      const statement = database.prepare(sql);
      prepared = { statement, rowOf: statement.reader ? rowReader(statement.raw(true).columns()) : null };
      if (this.#prepared.size >= STATEMENT_CACHE_SIZE) this.#prepared.delete(this.#prepared.keys().next().value!);
    }
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  clear(): void {
    this.#prepared.clear();
  }
}

/** A prepared statement and, for one that reads, how its rows are built. */
interface Prepared {
  statement: Statement;
  /** A reader's row from its values; null for a statement that returns none. */
  rowOf: ((values: unknown[]) => Record<string, unknown>) | null;
}

/** A statement that can only read begins so (a WITH may still write: SQLite's flag on the prepared statement decides). */
const READS = /^\s*(select|with)\b/i;

class LockedConnection implements DatabaseConnection {
  inTransaction = false;
  #release: (() => void) | null = null;
  #turnStarted = 0;
  /** whether this connection let the event loop turn since it took the writer (a long transaction) */
  turned = false;

  constructor(
    private readonly connections: SqliteConnections,
    private readonly writerStatements: Statements,
    private readonly readerStatements: Statements,
    private readonly lock: Lock,
  ) {}

  /** Takes the writer's lock, if this connection does not hold it yet, until it is released. */
  async holdWriter(): Promise<void> {
    if (this.#release) return;
    this.#release = await this.lock.acquire();
    this.#turnStarted = performance.now();
    this.turned = false;
  }

  release(): void {
    this.#release?.();
    this.#release = null;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#release && READS.test(query.sql)) {
      const reader = this.connections.reader();
      const prepared = this.readerStatements.get(reader, query.sql);
      if (prepared.statement.readonly) return retryWhileBusy(() => run<R>(prepared, query));
    }
    await this.holdWriter();
    const writer = this.connections.writer();
    if (writer.inTransaction && performance.now() - this.#turnStarted > TURN_MS) {
      if (!this.turned) this.connections.checkpointOffThread();
      this.turned = true;
      await nextTurn();
      this.#turnStarted = performance.now();
    }
    const prepared = this.writerStatements.get(writer, query.sql);
    // A statement on its own is its own transaction and may meet another process's write lock.
    return this.inTransaction ? run<R>(prepared, query) : retryWhileBusy(() => run<R>(prepared, query));
  }

  /** Whether SQLite itself has a transaction open on the writer. */
  sqliteInTransaction(): boolean {
    return this.connections.writer().inTransaction;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the SQLite connection.");
  }
}

function run<R>({ statement, rowOf }: Prepared, query: CompiledQuery): QueryResult<R> {
  const parameters = query.parameters.map(toStored);
  if (!rowOf) return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
  return { rows: (statement.all(parameters) as unknown[][]).map(rowOf) as R[] };
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
