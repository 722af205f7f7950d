import NextAuth, { CredentialsSignin, type AuthError, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { secrets } from "../env";
import { AppError } from "../errors";
import { verifyLogin } from "./login";
import { emailSchema } from "./schemas";
import { clientAddress } from "./client-address";
import { BROWSER_SESSION_SECONDS, endBrowserSession, startBrowserSession } from "./browser-sessions";
import { logFailure } from "../machine-trouble";

declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
    /** the BrowserSession row this cookie stands for */
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sid?: string;
  }
}

/** Too many sign-in attempts: the sign-in form says so instead of "wrong password". */
class SignInRateLimited extends CredentialsSignin {
  code = "rate_limited";
}

/** The right password for an account an admin disabled: the form says so. */
class SignInDisabled extends CredentialsSignin {
  code = "account_disabled";
}

const credentialsSchema = z.object({ email: emailSchema, password: z.string().min(1).max(1024) });

// Configured lazily: the secret may have to be generated into the data folder first.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  trustHost: true,
  secret: secrets().authSecret,
  // A JWT cookie (the credentials provider allows no other), tied to a BrowserSession row so
  // that signing out ends it on the server at once.
  session: { strategy: "jwt", maxAge: BROWSER_SESSION_SECONDS },
  pages: { signIn: "/sign-in" },
  // A wrong password is an answer, not a fault: keep it out of the error log.
  logger: {
    error(error: Error) {
      if ((error as AuthError).type !== "CredentialsSignin") logFailure(error, "signing in failed on the server");
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        try {
          const user = await verifyLogin(parsed.data.email, parsed.data.password, clientAddress(request.headers));
          return { id: user.id, email: parsed.data.email };
        } catch (error) {
          if (error instanceof AppError && error.code === "rate_limited") throw new SignInRateLimited();
          if (error instanceof AppError && error.code === "account_disabled") throw new SignInDisabled();
          if (error instanceof AppError && error.code === "invalid_credentials") return null;
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = await startBrowserSession(user.id);
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (token.sid) session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    async signOut(message) {
      if ("token" in message && message.token?.sid) await endBrowserSession(message.token.sid);
    },
  },
}));
