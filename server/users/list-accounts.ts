import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { defineCollection, pageWindow, type OptionsOf, type Page } from "../collections";
import { countOf } from "../sql/count";
import { sql } from "../db";
import { accountsQuery, toAccountDto } from "./accounts";
import type { AccountDto } from "./schemas";

export const accountsCollection = defineCollection({
  sortable: ["createdAt", "email"] as const,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  filters: {
    role: z.enum(["writer", "admin"]),
    disabled: z.enum(["true", "false"]).transform((value) => value === "true"),
  },
});

// GET /api/v1/users — every account on the server, for its admin
export async function listAccounts(options: OptionsOf<typeof accountsCollection>, principal: Principal): Promise<Page<AccountDto>> {
  authorize(principal, "users.list");
  const { role, disabled } = options.filters;
  let counted = sql.selectFrom("User");
  let listed = accountsQuery();
  if (role !== undefined) {
    counted = counted.where("User.role", "=", role);
    listed = listed.where("User.role", "=", role);
  }
  if (disabled !== undefined) {
    counted = counted.where("User.disabledAt", disabled ? "is not" : "is", null);
    listed = listed.where("User.disabledAt", disabled ? "is not" : "is", null);
  }
  const { offset, limit } = pageWindow(options);
  const [rows, total] = await Promise.all([
    listed.orderBy(`User.${options.sortBy}`, options.order).orderBy("User.id", options.order).offset(offset).limit(limit).execute(),
    countOf(counted),
  ]);
  return { items: rows.map(toAccountDto), total, page: options.page, perPage: options.perPage };
}
