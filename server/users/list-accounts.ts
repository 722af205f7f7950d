import type { SelectQueryBuilder } from "kysely";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { emailSchema } from "../auth/schemas";
import { authorize } from "../auth/scopes";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { countOf } from "../sql/count";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { accountsQuery, toAccountDto } from "./accounts";
import type { AccountDto } from "./schemas";

export const accountsCollection = defineCollection({
  sortable: ["createdAt", "email"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: {
    role: z.enum(["writer", "admin"]),
    disabled: z.enum(["true", "false"]).transform((value) => value === "true"),
    email: emailSchema.describe("one account, by its e-mail"),
  },
});

type Filters = OptionsOf<typeof accountsCollection>["filters"];

/** The accounts the filters leave, as a count or as a page of them. */
function filtered<O>(query: SelectQueryBuilder<DB, "User", O>, { role, disabled, email }: Filters): SelectQueryBuilder<DB, "User", O> {
  let narrowed = query;
  if (role !== undefined) narrowed = narrowed.where("User.role", "=", role);
  if (email !== undefined) narrowed = narrowed.where("User.email", "=", email);
  if (disabled !== undefined) narrowed = narrowed.where("User.disabledAt", disabled ? "is not" : "is", null);
  return narrowed;
}

// GET /api/v1/users — every account on the server, for its admin
export async function listAccounts(options: OptionsOf<typeof accountsCollection>, principal: Principal): Promise<Page<AccountDto>> {
  authorize(principal, "users.list");
  const { offset, limit } = pageWindow(options);
  const [rows, total] = await Promise.all([
    filtered(accountsQuery(), options.filters).orderBy(`User.${options.sortBy}`, options.order).orderBy("User.id", options.order).offset(offset).limit(limit).execute(),
    countOf(filtered(sql.selectFrom("User"), options.filters)),
  ]);
  return { items: rows.map(toAccountDto), total, page: options.page, perPage: options.perPage };
}
