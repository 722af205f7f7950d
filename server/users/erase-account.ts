import { eraseDeletedText, transaction } from "../db";
import { AppError } from "../errors";

/**
 * Deletes an account with everything it owns: its books (chapters, revisions, bible, covers,
 * goals), series, templates, results, jobs, tokens, sessions, webhooks, its places on others'
 * books. Two things stop it, checked in the same transaction as the delete:
 * - a book it owns that others work on (members): only an owner deletes a book (issue 31's roles),
 *   so the book first gets another owner or loses its members — 409 owns_shared_books naming them;
 * - the server's last active admin — 409 last_admin.
 * The text is then checkpointed out of SQLite's write-ahead log, as a purge is.
 */
export async function eraseAccount(userId: string): Promise<void> {
  await transaction(async (trx) => {
    const shared = await trx
      .selectFrom("Book")
      .select(["Book.id", "Book.title"])
      .where("Book.ownerId", "=", userId)
      .where("Book.purgedAt", "is", null)
      .where((eb) => eb.exists(eb.selectFrom("BookMember").select("BookMember.userId").whereRef("BookMember.bookId", "=", "Book.id")))
      .orderBy("Book.title")
      .execute();
    if (shared.length > 0) {
      throw new AppError(
        "owns_shared_books",
        `The account owns ${shared.length === 1 ? "a book" : `${shared.length} books`} that others work on: make another member each one's owner (PATCH its member's role to "owner"), or remove its members, first.`,
        { books: shared },
      );
    }
    const user = await trx.selectFrom("User").select(["role", "disabledAt"]).where("id", "=", userId).executeTakeFirst();
    if (!user) throw new AppError("not_found", "There is no account with this id.");
    if (user.role === "admin" && user.disabledAt === null) {
      const admins = await trx.selectFrom("User").select("id").where("role", "=", "admin").where("disabledAt", "is", null).limit(2).execute();
      if (admins.length < 2) throw new AppError("last_admin", "This is the server's only admin: make another account an admin before deleting this one.");
    }
    // Chapters are deleted by name, as a purge does, so that SQLite's search-index trigger hears each;
    // everything else the account owns goes with it (ON DELETE CASCADE). The books' snapshots go
    // first: a revision a snapshot holds is never deleted from under it (decision 0489).
    await trx.deleteFrom("Snapshot").where("bookId", "in", trx.selectFrom("Book").select("id").where("ownerId", "=", userId)).execute();
    await trx.deleteFrom("Chapter").where("bookId", "in", trx.selectFrom("Book").select("id").where("ownerId", "=", userId)).execute();
    await trx.deleteFrom("User").where("id", "=", userId).execute();
  });
  await eraseDeletedText();
}
