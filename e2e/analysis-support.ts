import { expect, type APIRequestContext } from "@playwright/test";

const CHAPTERS = [
  '# The Harbour\n\n"Is this the harbour?" asked Mara. Tomas shook his head and pointed past the breakwater.\n\n' +
    "The gulls wheeled over the masts. Someone counted the boats and lost count. ".repeat(40),
  '# The Letter\n\nTomas read the letter twice. "She is coming home," he said.\n\n"Who?" asked Mara.\n\n' + "The wind took the words and the tide took the wind. ".repeat(120),
  "# Storm\n\nTomas kept the lamp lit; Mara slept.\n\n" + "Rain all night, and the boats pulled at their ropes. Nobody spoke in the lamp room. ".repeat(200) + "\n\nBy morning Tomas was hoarse and Mara was gone.",
  '# Mainland\n\n"We leave at dawn," said Tomas. Mara packed the lantern and the map and nothing else.\n\n' + "The road ran white between the fields. ".repeat(60),
];

/** A book of the signed-in writer's with a few chapters of talk and weather, for the Analyze page. */
export async function bookToAnalyze(request: APIRequestContext, title = "The Lantern Keeper"): Promise<string> {
  const made = await request.post("/api/v1/books", { data: { title, type: "literary", description: "A harbour, a letter, a storm." } });
  expect(made.status()).toBe(201);
  const bookId = (await made.json()).data.id as string;
  for (const content of CHAPTERS) expect((await request.post(`/api/v1/books/${bookId}/chapters`, { data: { content } })).status()).toBe(201);
  return bookId;
}
