import { SESSION_COOKIE } from "@/server/http/openapi";
import { call, type ApiResponse } from "./http-client";

/** The cookies a browser would keep, from the Set-Cookie headers it was sent. */
export class CookieJar {
  private cookies = new Map<string, string>();

  take(response: ApiResponse): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

async function formPost(path: string, jar: CookieJar, fields: Record<string, string>, baseUrl?: string): Promise<ApiResponse> {
  const response = await call("POST", path, {
    baseUrl,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

async function csrfToken(jar: CookieJar, baseUrl?: string): Promise<string> {
  const response = await call("GET", "/api/auth/csrf", { baseUrl, headers: { cookie: jar.header() } });
  jar.take(response);
  return (response.body as { csrfToken: string }).csrfToken;
}

/** Signs in through next-auth's credentials endpoint, as the sign-in form does; returns the jar. `baseUrl`: another server than the shared one. */
export async function browserSignIn(email: string, password: string, baseUrl?: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await formPost("/api/auth/callback/credentials", jar, { email, password, csrfToken: await csrfToken(jar, baseUrl) }, baseUrl);
  if (response.status !== 302 || !jar.has(SESSION_COOKIE)) throw new Error(`sign-in answered ${response.status} without a session`);
  return jar;
}

/** Signs out through next-auth, as the header's sign-out button does. */
export async function browserSignOut(jar: CookieJar): Promise<void> {
  const response = await formPost("/api/auth/signout", jar, { csrfToken: await csrfToken(jar) });
  if (response.status !== 302) throw new Error(`sign-out answered ${response.status}: ${response.text.slice(0, 200)}`);
}
