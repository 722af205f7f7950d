import { memberRolesThatMay } from "../auth/book-roles";
import { engine, sql } from "../db";
import { drainOutbox, MAX_ATTEMPTS } from "../outbox/drain-outbox";
import { logFailure } from "../machine-trouble";

/** How long a search waits for its writer's own latest saves to be indexed before it answers without them. */
const CATCH_UP_MS = 15_000;

/**
 * A writer finds what they have just saved: before a library search, the chapters of theirs (and of
 * the books shared with them) still
 * waiting in the outbox are indexed first (their own work, not the queue's order, so another
 * writer's large import never delays it), for at most CATCH_UP_MS; after that the search answers
 * from the index as it stands and the background finishes the rest.
 */
export async function catchUpSearchIndex(readerId: string): Promise<void> {
  if (engine !== "sqlite") return;
  const waiting = await sql
    .selectFrom("Outbox")
    .innerJoin("Chapter", "Chapter.id", "Outbox.subjectId")
    .innerJoin("Book", "Book.id", "Chapter.bookId")
    .select("Outbox.subjectId")
    .where("Outbox.topic", "=", "chapter-search")
    .where("Outbox.attempts", "<", MAX_ATTEMPTS)
    .where((eb) =>
      eb.or([
        eb("Book.ownerId", "=", readerId),
        eb.exists(eb.selectFrom("BookMember").select("BookMember.bookId").whereRef("BookMember.bookId", "=", "Book.id").where("BookMember.userId", "=", readerId).where("BookMember.role", "in", memberRolesThatMay("readDraft"))),
      ]),
    )
    // The latest saves first: past the limit, what the writer did long ago waits for the background.
    .groupBy("Outbox.subjectId")
    .orderBy((eb) => eb.fn.max("Outbox.id"), "desc")
    .limit(1000)
    .execute();
  if (waiting.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS)));
  const drained = drainOutbox({ topic: "chapter-search", subjectIds: waiting.map((w) => w.subjectId) }).catch((error: unknown) =>
    logFailure(error, "outbox: indexing a writer's chapters before their search failed"),
  );
  await Promise.race([drained, gaveUp]).finally(() => clearTimeout(timer));
}
