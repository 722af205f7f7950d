import { env } from "./env";
import { PrismaClient } from "./generated/prisma/client";
import { sqliteAdapter } from "./sqlite-adapter";

function createClient(): PrismaClient {
  // Only SQLite is wired so far; env.ts refuses any other DATABASE_URL scheme.
  return new PrismaClient({ adapter: sqliteAdapter(env.DATABASE_URL) });
}

// One client per process, also across Next's dev-mode module reloads.
const globalForDb = globalThis as { inkstoneDb?: PrismaClient };
export const db: PrismaClient = globalForDb.inkstoneDb ?? createClient();
globalForDb.inkstoneDb = db;
