import type { Principal } from "@/server/auth/principal";
import { scopesForRole, type Scope } from "@/server/auth/scopes";
import { createUser } from "@/server/users/create-user";

let counter = 0;

/** Signs a new writer up (the first one in a database becomes admin) and returns a principal
 *  holding every scope the role allows, as a browser session would. */
export async function newWriter(name = "writer"): Promise<Principal> {
  counter += 1;
  const user = await createUser({ email: `${name}-${counter}@example.com`, password: "long enough password", name }, null, null);
  return { userId: user.id, scopes: new Set(scopesForRole(user.role)), tokenId: null };
}

/** The same caller, with a credential that carries only these scopes. */
export function withScopes(principal: Principal, scopes: Scope[]): Principal {
  return { ...principal, scopes: new Set(scopes) };
}
