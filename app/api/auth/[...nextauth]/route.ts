// next-auth: browser sign-in and sessions
import { handlers } from "@/server/auth/next-auth";

export const { GET, POST } = handlers;
