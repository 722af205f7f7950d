import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { env } from "./env";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

function createClient(): PrismaClient {
  // Only SQLite is wired so far; env.ts refuses any other DATABASE_URL scheme.
  const adapter = new PrismaBetterSQLite3({ url: env.DATABASE_URL });
  return new PrismaClient({ adapter });
}

// One client per process, also across Next's dev-mode module reloads.
const globalForDb = globalThis as { inkstoneDb?: PrismaClient };
export const db: PrismaClient = globalForDb.inkstoneDb ?? createClient();
globalForDb.inkstoneDb = db;
