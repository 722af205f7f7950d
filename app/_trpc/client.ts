import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "@/server/trpc/root";

/** The typed tRPC hooks for client components (`trpc.books.create.useMutation()` …). */
export const trpc = createTRPCReact<AppRouter>();
