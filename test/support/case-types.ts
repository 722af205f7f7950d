import type { ErrorCode } from "@/server/errors";
import type { Account } from "./http-users";

// The shapes of the credential matrices' cases, apart from the lists of cases: each domain's list
// (http-*-cases.ts) is gathered by the index files, and names these shapes without importing them.

/** One real request against a fixture the owner made, for the credential matrix. */
export interface Prepared {
  path: string;
  body?: unknown;
  /**
   * Whose credential the allowed request carries, when not the matrix's owner: the admin, for an
   * admin's operation; a writer of its own, for one that ends the account or its other sign-ins.
   */
  as?: Account;
  /** a multipart body instead (uploads); a new one for each request */
  form?: () => FormData;
  /** what a refused request must leave exactly as it was */
  snapshot(): Promise<unknown>;
  /** checks after the request that was allowed (what it answered, the change it should have
   *  made); a file endpoint gets the whole response instead of `data`. Required: a status
   *  alone cannot tell a right answer from a wrong one. */
  afterSuccess(data: unknown, token: string): Promise<void>;
}

export type Prepare = (owner: Account, scopes: string[]) => Promise<Prepared>;

/** One real tRPC call against a fixture the owner made, for the tRPC credential matrix. */
export interface PreparedCall {
  /** the procedure's input; undefined for one that takes none */
  input?: unknown;
  /** whose credential the allowed call carries, when not the matrix's owner (see Prepared.as) */
  as?: Account;
  /**
   * What another writer's credential, holding every scope a writer may, is answered: the same as
   * REST answers for the resource (403 forbidden for a book or a job; 404 not_found for a template
   * the caller cannot see; 403 insufficient_scope for an admin's operation; 422 for a password that
   * is not theirs). null: the procedure names no one's resource (lists show the caller's own).
   */
  stranger: ErrorCode | null;
  /** what a refused call must leave exactly as it was */
  snapshot(): Promise<unknown>;
  /** checks after the allowed call: what it answered (`result.data`), the change it made */
  afterSuccess(data: unknown, token: string): Promise<void>;
}

export type PrepareCall = (owner: Account) => Promise<PreparedCall>;
