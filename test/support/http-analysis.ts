import { expectSuccess, get, post } from "./http-client";

export interface TemplateData {
  id: string;
  name: string;
  installs: number;
  installed: boolean;
  version: number;
  published: boolean;
  definition: unknown;
}

/** A built-in template, found by search (every test database is seeded at the server's start). */
export async function builtInTemplate(token: string, q = "dialogue"): Promise<TemplateData> {
  const found = expectSuccess(await get(`/api/v1/analysis/search?q=${encodeURIComponent(q)}&per_page=1`, token), 200) as { id: string }[];
  if (!found[0]) throw new Error(`no built-in template matches "${q}"`);
  return expectSuccess(await get(`/api/v1/analysis/${found[0].id}`, token), 200);
}

/** A template of the caller's own, a draft unless told, made from a built-in's definition. */
export async function ownTemplate(token: string, attributes: Record<string, unknown> = {}): Promise<TemplateData> {
  const { definition } = await builtInTemplate(token);
  return expectSuccess(await post("/api/v1/analysis", token, { name: "My Study", category: "dialogue", tags: ["mine"], definition, ...attributes }), 201);
}

export async function install(token: string, templateId: string): Promise<TemplateData> {
  return expectSuccess(await post("/api/v1/analysis/install", token, { templateId }), 201);
}

/** A template as its author sees it, and the caller's library: what a refused request must leave alone. */
export async function templateState(token: string, templateId: string) {
  const template = await get(`/api/v1/analysis/${templateId}`, token);
  const library = expectSuccess(await get("/api/v1/analysis/installed", token), 200) as { id: string }[];
  return { template: { status: template.status, body: template.body }, library: library.map((t) => t.id) };
}

/** The ids and statuses of a book's analyses. */
export async function analysesState(token: string, bookId: string) {
  const list = await get(`/api/v1/books/${bookId}/analyses?per_page=100`, token);
  return { status: list.status, analyses: list.status === 200 ? (list.body.data as { id: string; status: string }[]).map((a) => [a.id, a.status]) : list.body };
}

/** Runs a template (installing it first) on a book, and answers the stored analysis. */
export async function runOn(token: string, bookId: string, templateId: string, parameters?: Record<string, unknown>) {
  await install(token, templateId);
  return expectSuccess(await post(`/api/v1/books/${bookId}/analyses`, token, { templateId, ...(parameters && { parameters }) }), 201);
}
