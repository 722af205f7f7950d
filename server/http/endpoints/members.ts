import { bookIdParams } from "../../books/schemas";
import { addMember } from "../../members/add-member";
import { listMembers } from "../../members/list-members";
import { removeMember } from "../../members/remove-member";
import { bookActivity } from "../../members/book-activity";
import { activityQuery, addMemberInput, bookActivitySchema, memberParams, memberSchema, membersSchema, updateMemberInput } from "../../members/schemas";
import { updateMember } from "../../members/update-member";
import { defineEndpoint } from "../endpoint";

// GET /api/v1/books/{bookId}/members — the book's people and their roles
export const listMembersEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/members",
  summary: "Who works on the book: its owner first, then its members with their roles (a beta reader may not list them)",
  operation: "members.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the owner and the members", schema: membersSchema },
  errors: ["book_in_trash", "gone"],
  run: listMembers,
});

// GET /api/v1/books/{bookId}/activity — who did what on the book
export const bookActivityEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/activity",
  summary: "Who did what: each person's writing (from the writing ledger) and comments over the last `days`, and who wrote each chapter's current version (whoever reads the draft)",
  operation: "members.activity",
  auth: "required",
  params: bookIdParams,
  query: activityQuery,
  success: { status: 200, description: "the people and the chapters' last hands", schema: bookActivitySchema },
  errors: ["book_in_trash", "gone"],
  run: bookActivity,
});

// POST /api/v1/books/{bookId}/members — the owner adds an account by its e-mail
export const addMemberEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/members",
  summary: "Add an existing account to the book with a role (owner only; an unknown e-mail is 422, someone already on the book 409)",
  operation: "members.add",
  auth: "required",
  params: bookIdParams,
  body: { schema: addMemberInput },
  writableAttributes: Object.keys(addMemberInput.shape),
  success: { status: 201, description: "the new member", schema: memberSchema },
  errors: ["already_member", "book_in_trash", "gone"],
  run: addMember,
});

// PATCH /api/v1/books/{bookId}/members/{userId} — the owner changes a member's role
export const updateMemberEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/members/{userId}",
  summary: "Change a member's role, or make them the book's owner with role \"owner\" (the former owner stays as a co-author); owner only, the owner's own place is 409",
  operation: "members.update",
  auth: "required",
  params: memberParams,
  body: { schema: updateMemberInput },
  writableAttributes: Object.keys(updateMemberInput.shape),
  success: { status: 201, description: "the member with their new role", schema: memberSchema },
  errors: ["owner_not_member", "version_conflict", "book_in_trash", "gone"],
  run: updateMember,
});

// DELETE /api/v1/books/{bookId}/members/{userId} — the owner removes a member
export const removeMemberEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/members/{userId}",
  summary: "Remove a member (owner only): their sessions and tokens are refused at their next request",
  operation: "members.remove",
  auth: "required",
  params: memberParams,
  success: { status: 204, description: "removed" },
  errors: ["owner_not_member", "book_in_trash", "gone"],
  run: removeMember,
});
