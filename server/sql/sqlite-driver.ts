import type { Database, Statement } from "better-sqlite3";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from "kysely";
import type { Lock } from "./lock";
import { retryWhileBusy } from "./sqlite-busy";

// Statements are prepared once per distinct SQL text; the hot paths use a few dozen.
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely on the process's one SQLite connection (server/sql/sqlite.ts), taking the same lock as
 * Prisma's statements, so a statement never runs inside another caller's transaction.
 * Transactions begin IMMEDIATE: they take the write lock first, so two of them (in two processes)
 * can never deadlock upgrading from a read.
 */
export class LockedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: () => Promise<Database>,
    private readonly lock: Lock,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new LockedSqliteDriver(this.database, this.lock);
  }
}

class LockedSqliteDriver implements Driver {
  readonly #statements = new Map<string, Statement>();
  #preparedOn: Database | undefined;

  constructor(
    private readonly database: () => Promise<Database>,
    private readonly lock: Lock,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    try {
      const database = await this.database();
      // Statements belong to the connection they were prepared on, which Prisma may have reopened.
      if (database !== this.#preparedOn) this.#statements.clear();
      this.#preparedOn = database;
      return new LockedConnection(database, this.#statements, release);
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
    await locked.executeQuery(CompiledQuery.raw("ROLLBACK"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as LockedConnection).release();
  }

  async destroy(): Promise<void> {
    this.#statements.clear();
  }
}

class LockedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly database: Database,
    private readonly statements: Map<string, Statement>,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = () => this.run<R>(query);
    // A statement on its own is its own transaction and may meet another process's write lock.
    return this.inTransaction ? run() : retryWhileBusy(run);
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the SQLite connection.");
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes) };
  }

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Move to the back: the map's first entry is the least recently used.
      this.statements.delete(sql);
    } else {
      statement = this.database.prepare(sql);
      // Prisma's adapter turns safe integers on for the whole connection; our counts fit a number.
      if (statement.reader) statement.safeIntegers(false);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }
}
