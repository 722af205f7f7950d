import type { Scope } from "@/server/auth/scopes";

/** What each scope lets a token do, in a writer's words. */
export const SCOPE_LABELS: Record<Scope, string> = {
  "read:books": "Read books and chapters",
  "write:books": "Create, edit and delete books and chapters",
  "read:analysis": "View templates and run analyses",
  "write:analysis": "Create and publish analysis templates",
  webhooks: "Register webhooks and read their delivery log",
  admin: "Everything, including other writers' data",
};
