// GET/PUT /api/bench-baseline — fixed JSON for bench/api.mjs to compare against. Only a benchmark's
// build has it (INKSTONE_BENCH=1 at build time, next.config.mjs); a production build has no such path.
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ code: 200, msg: "ok", data: { id: "bench", title: "A fixed answer", words: 0 } });
// ?page: a fixed page of 20 books as the list answers it (~14.8 KB), the ceiling for a list in Next.
const PAGE = JSON.stringify({
  code: 200,
  msg: "ok",
  data: Array.from({ length: 20 }, (_, i) => ({
    id: `cmbench${String(i).padStart(18, "0")}`,
    ownerId: "cmbenchowner000000000000",
    title: `Bench book ${i + 1}: the harbour lantern`,
    type: "novel",
    description: "A fixed description of a book, as long as a writer's usual blurb. ".repeat(6),
    language: "en",
    status: "drafting",
    targetWordCount: 90000,
    wordCount: 61234,
    chapterCount: 30,
    createdAt: "2026-11-23T08:00:00.000Z",
    updatedAt: "2026-11-23T08:00:00.000Z",
    deleted: false,
    deletedAt: null,
  })),
});
const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** The floor of a Next.js route: no auth, no database, no validation (with ?page, a list's size). */
export async function GET(request: Request): Promise<Response> {
  return new Response(new URL(request.url).searchParams.has("page") ? PAGE : BODY, { status: 200, headers: HEADERS });
}

/** The same, after reading (and discarding) the request body: the transport cost of an upload. */
export async function PUT(request: Request): Promise<Response> {
  await request.arrayBuffer();
  return new Response(BODY, { status: 200, headers: HEADERS });
}
