import type { ExpressionBuilder } from "kysely";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { env } from "../env";
import { OUTBOX_LONGEST_REST_MS, OUTBOX_REST_MS, OUTBOX_TOPICS, type OutboxTopic } from "./topics";
import { logFailure } from "../machine-trouble";

/** How long a process's claim on a subject's rows lasts: a process that died lets go after this. */
const CLAIM_MS = 60_000;
/** A subject whose work failed this often is set aside (and logged) rather than retried for ever. */
export const MAX_ATTEMPTS = 5;
/** How often each process looks for rows another path (a crash, another instance, a migration) left. */
const POLL_MS = 1_000;
const BATCH = 50;

type Subject = { topic: OutboxTopic; subjectId: string };
const key = (s: Subject) => `${s.topic}\u0000${s.subjectId}`;

// One run per subject at a time in this process; other processes are kept off by the claim.
type State = { running: Map<string, Promise<void>>; timer?: NodeJS.Timeout; draining?: Promise<void> };
const globalForOutbox = globalThis as { inkstoneOutbox?: State };
const state: State = (globalForOutbox.inkstoneOutbox ??= { running: new Map() });

/** Claims a subject's rows up to `upTo` for this process; false when another process holds them. */
async function claim(subject: Subject, upTo: number): Promise<boolean> {
  const now = new Date();
  const claimed = await sql
    .updateTable("Outbox")
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where("topic", "=", subject.topic)
    .where("subjectId", "=", subject.subjectId)
    .where("id", "<=", upTo)
    .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

async function perform(subject: Subject, upTo: number): Promise<void> {
  if (!(await claim(subject, upTo))) return;
  const rows = sql.deleteFrom("Outbox").where("topic", "=", subject.topic).where("subjectId", "=", subject.subjectId).where("id", "<=", upTo);
  try {
    await OUTBOX_TOPICS[subject.topic](subject.subjectId);
    // Rows written since the run began stay: their write may have come after what it read.
    await rows.execute();
  } catch (error) {
    logFailure(error, `outbox: ${subject.topic} for ${subject.subjectId} failed`);
    await sql
      .updateTable("Outbox")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), claimedUntil: null }))
      .where("topic", "=", subject.topic)
      .where("subjectId", "=", subject.subjectId)
      .where("id", "<=", upTo)
      .execute();
  }
}

type GroupExpressions = ExpressionBuilder<DB, "Outbox">;

/** A subject's rows have rested their topic's time since the last of them, or the first has waited its topic's longest. */
function rested(eb: GroupExpressions, topic: OutboxTopic) {
  const restMs = OUTBOX_REST_MS[topic];
  if (restMs === 0) return eb.lit(true);
  const now = Date.now();
  return eb.or([eb(eb.fn.max("createdAt"), "<=", new Date(now - restMs)), eb(eb.fn.min("createdAt"), "<=", new Date(now - OUTBOX_LONGEST_REST_MS[topic]))]);
}

/** Whether this process does the outbox's work at all (INKSTONE_OUTBOX_DRAIN). */
const drainsHere = () => env.INKSTONE_OUTBOX_DRAIN === "1";

/** Runs a subject's work, or waits for this process's run already under way. */
function run(subject: Subject, upTo: number): Promise<void> {
  const running = state.running.get(key(subject));
  if (running) return running;
  const started = perform(subject, upTo).finally(() => state.running.delete(key(subject)));
  state.running.set(key(subject), started);
  return started;
}

/**
 * Does the outbox's waiting work, oldest subject first, until none is left (or, with `only`, the
 * work of those subjects alone, once). Rows of one subject are done by one run. The background
 * leaves a subject whose rows have not rested their topic's time (OUTBOX_REST_MS) for a later pass;
 * asked for by name (`only`), it does them at once.
 */
export async function drainOutbox(only?: { topic: OutboxTopic; subjectIds: string[] }): Promise<void> {
  if (only?.subjectIds.length === 0 || !drainsHere()) return;
  // Runs of those subjects under way in this process hold their rows' claim, so the query below
  // cannot see those rows: wait for the runs. Once before the query, and once after it, for a run
  // the background began in between, whose claim the query already honoured.
  const theirRuns = () => only && Promise.all(only.subjectIds.map((subjectId) => state.running.get(key({ topic: only.topic, subjectId }))));
  await theirRuns();
  // Asked for by name, each subject is done once, batch after batch: a writer's chapters saved
  // since their last pause can be more than a batch, and the one just saved comes last.
  const pending = new Set(only?.subjectIds);
  for (;;) {
    let query = sql
      .selectFrom("Outbox")
      .select(["topic", "subjectId", (eb) => eb.fn.max("id").as("upTo")])
      .where("topic", "in", Object.keys(OUTBOX_TOPICS))
      .where("attempts", "<", MAX_ATTEMPTS)
      .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", new Date())]))
      .groupBy(["topic", "subjectId"])
      .orderBy((eb) => eb.fn.min("id"))
      .limit(BATCH);
    if (only) query = query.where("topic", "=", only.topic).where("subjectId", "in", [...pending]);
    else query = query.having((eb) => eb.or((Object.keys(OUTBOX_REST_MS) as OutboxTopic[]).map((topic) => eb.and([eb("topic", "=", topic), rested(eb, topic)]))));
    const waiting = await query.execute();
    for (const row of waiting) {
      pending.delete(row.subjectId);
      await run({ topic: row.topic as OutboxTopic, subjectId: row.subjectId }, Number(row.upTo));
    }
    if (only && (waiting.length < BATCH || pending.size === 0)) {
      await theirRuns();
      return;
    }
    if (waiting.length < BATCH) return;
  }
}

/** Drains the outbox in the background of this process, now and then. */
export function startOutboxDrainer(): void {
  if (state.timer || !drainsHere()) return;
  const pass = () => {
    state.draining ??= drainOutbox()
      .catch((error: unknown) => logFailure(error, "outbox: draining failed"))
      .finally(() => (state.draining = undefined));
  };
  state.timer = setInterval(pass, POLL_MS).unref();
  pass();
}
