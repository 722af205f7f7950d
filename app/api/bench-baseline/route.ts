// GET/PUT /api/bench-baseline — fixed JSON for bench/api.mjs to compare against; 404 unless INKSTONE_BENCH=1
import { AppError } from "@/server/errors";
import { failure } from "@/server/http/envelope";

// Read at request time: the same build serves production (inert) and the benchmark.
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ code: 200, msg: "ok", data: { id: "bench", title: "A fixed answer", words: 0 } });
const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function enabled(): boolean {
  return process.env.INKSTONE_BENCH === "1";
}

async function notFound(): Promise<Response> {
  return failure(new AppError("not_found", "No endpoint lives at this path."));
}

/** The floor of a Next.js route: no auth, no database, no validation. */
export async function GET(): Promise<Response> {
  if (!enabled()) return notFound();
  return new Response(BODY, { status: 200, headers: HEADERS });
}

/** The same, after reading (and discarding) the request body: the transport cost of an upload. */
export async function PUT(request: Request): Promise<Response> {
  if (!enabled()) return notFound();
  await request.arrayBuffer();
  return new Response(BODY, { status: 200, headers: HEADERS });
}

// Every other method: 404 as well, so the path reveals nothing.
export const POST = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
