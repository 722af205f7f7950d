import { Option, type Command } from "commander";
import { MEMBER_ROLES, type MemberRole } from "../../server/auth/book-roles";
import {
  activityQuery,
  addMemberInput,
  bookActivitySchema,
  memberSchema,
  membersSchema,
  updateMemberInput,
  type MemberDto,
  type PersonActivityDto,
} from "../../server/members/schemas";
import type { ApiClient } from "../client";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printJson, printResult, printRows, printTable } from "../output";

const membersPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/members`;

/** A member named by e-mail or user id, as the book's list has them. */
async function findMember(client: ApiClient, bookId: string, who: string): Promise<MemberDto> {
  const members = await client.data("GET", membersPath(bookId), {}, membersSchema);
  const found = members.find((m) => m.userId === who || m.email === who.trim().toLowerCase());
  if (!found) throw new CliError(`${who} is not on this book; inkstone members list ${bookId} shows who is`);
  return found;
}

const roleOption = () => new Option("--role <role>", "co_author writes; editor and viewer read; beta_reader reads released chapters").choices(MEMBER_ROLES);
/** `role` may also hand the book over: "owner" makes the member its owner, the former owner a co-author. */
const newRoleOption = () =>
  new Option("--role <role>", "as add's, or owner: the member becomes the book's owner and you a co-author").choices(["owner", ...MEMBER_ROLES]);

export function registerMembers(program: Command): void {
  const members = program.command("members").description("who works on a book, with which role; the owner adds, re-roles and removes them");

  members
    .command("list <bookId>", { isDefault: true })
    .description("the book's owner and members, with their roles")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const list = await client.data("GET", membersPath(bookId), {}, membersSchema);
      printRows<MemberDto>(json, list, [
        { heading: "user", value: (m) => m.userId },
        { heading: "e-mail", value: (m) => m.email },
        { heading: "name", value: (m) => m.name },
        { heading: "role", value: (m) => m.role },
        { heading: "since", value: (m) => m.addedAt },
      ]);
    });

  members
    .command("add <bookId> <email>")
    .description("add an existing account to the book (owner only)")
    .addOption(roleOption().makeOptionMandatory())
    .action(async (bookId: string, email: string, options: { role: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(addMemberInput, { email, role: options.role as MemberRole });
      const added = await client.data("POST", membersPath(bookId), { json: body }, memberSchema);
      printResult(json, added, `Added ${added.email} as ${added.role}.`);
    });

  members
    .command("role <bookId> <member>")
    .description("change a member's role, or hand the book over with --role owner (owner only); the member by e-mail or user id")
    .addOption(newRoleOption().makeOptionMandatory())
    .action(async (bookId: string, who: string, options: { role: string }, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(updateMemberInput, { role: options.role as MemberRole | "owner" });
      const member = await findMember(client, bookId, who);
      const changed = await client.data("PATCH", `${membersPath(bookId)}/${encodeURIComponent(member.userId)}`, { json: body }, memberSchema);
      printResult(json, changed, `${changed.email} is now ${changed.role}.`);
    });

  members
    .command("remove <bookId> <member>")
    .description("remove a member (owner only): they lose the book at their next request")
    .action(async (bookId: string, who: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const member = await findMember(client, bookId, who);
      await client.data("DELETE", `${membersPath(bookId)}/${encodeURIComponent(member.userId)}`);
      printResult(json, { bookId, userId: member.userId, removed: true }, `Removed ${member.email}.`);
    });

  members
    .command("activity <bookId>")
    .description("who did what: each person's words and comments over the last days, or with --chapters who last wrote each chapter")
    .option("--days <n>", "how many days back, today included (1–365)", "30")
    .option("--chapters", "who wrote each chapter's current version, and when")
    .action(async (bookId: string, options: { days: string; chapters?: boolean }, command: Command) => {
      const { client, json } = context(command);
      checkInput(activityQuery, { days: options.days });
      const activity = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/activity`, { query: { days: options.days } }, bookActivitySchema);
      if (json) return printJson(activity);
      if (options.chapters) {
        printTable(activity.chapters, [
          { heading: "chapter", value: (c) => c.chapterId },
          { heading: "version", value: (c) => c.version },
          { heading: "last written by", value: (c) => c.authorName ?? "(deleted account)" },
          { heading: "at", value: (c) => c.changedAt },
        ], "no chapters");
        return;
      }
      printTable<PersonActivityDto>(activity.people, [
        { heading: "name", value: (p) => p.name },
        { heading: "role", value: (p) => p.role ?? "(left)" },
        { heading: "written", value: (p) => p.written },
        { heading: "removed", value: (p) => p.removed },
        { heading: "imported", value: (p) => p.imported },
        { heading: "restored", value: (p) => p.restored },
        { heading: "comments", value: (p) => p.comments },
        { heading: "suggested", value: (p) => p.suggested },
        { heading: "accepted", value: (p) => p.suggestionsAccepted },
        { heading: "last wrote", value: (p) => p.lastWrote ?? "" },
      ], "nobody");
    });
}
