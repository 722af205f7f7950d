import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import type { Lock } from "./lock";
import { retryWhileBusy } from "./sqlite-busy";

/**
 * Prisma's side of the process's one SQLite connection (server/sql/sqlite.ts).
 *
 * The better-sqlite3 adapter locks the connection only for transactions: a statement sent while
 * another request's transaction is open runs inside that transaction, and is undone with it if it
 * rolls back — after its own request was answered. Here every statement waits for the shared
 * lock, which Kysely's statements take too, so no acknowledged write can be lost that way.
 */
export function lockedPrismaAdapter(open: () => Promise<SqlDriverAdapter>, lock: Lock, onDispose: () => void): SqlDriverAdapterFactory {
  return {
    provider: "sqlite",
    adapterName: "@prisma/adapter-better-sqlite3",
    async connect() {
      const adapter = await open();
      return {
        provider: adapter.provider,
        adapterName: adapter.adapterName,
        queryRaw: (query) => lock.run(() => retryWhileBusy(() => adapter.queryRaw(query))),
        executeRaw: (query) => lock.run(() => retryWhileBusy(() => adapter.executeRaw(query))),
        executeScript: (script) => lock.run(() => adapter.executeScript(script)),
        getConnectionInfo: adapter.getConnectionInfo?.bind(adapter),
        dispose: () => lock.run(() => (onDispose(), adapter.dispose())),
        startTransaction: async () => immediateTransaction(adapter, await lock.acquire()),
      };
    },
  };
}

/**
 * A transaction that takes the database's write lock when it begins (BEGIN IMMEDIATE), where the
 * adapter's plain BEGIN would take it at the first write: two processes that both read first then
 * cannot deadlock, one of them failing with "database is locked". It holds the connection until
 * Prisma has sent COMMIT or ROLLBACK.
 */
async function immediateTransaction(adapter: SqlDriverAdapter, release: () => void): Promise<Transaction> {
  try {
    await retryWhileBusy(() => adapter.executeScript("BEGIN IMMEDIATE"));
  } catch (error) {
    release();
    throw error;
  }
  let ended = false;
  const end = () => {
    if (!ended) release();
    ended = true;
  };
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    options: { usePhantomQuery: false },
    queryRaw: (query) => adapter.queryRaw(query),
    async executeRaw(query) {
      if (!/^\s*COMMIT/i.test(query.sql)) return adapter.executeRaw(query);
      try {
        return await retryWhileBusy(() => adapter.executeRaw(query));
      } catch (error) {
        // Prisma calls neither commit() nor rollback() after a failed COMMIT: end the transaction
        // and give the connection back here, or every later statement would wait for it forever.
        await adapter.executeScript("ROLLBACK").catch(() => undefined);
        end();
        throw error;
      }
    },
    commit: async () => end(),
    rollback: async () => end(),
  };
}
