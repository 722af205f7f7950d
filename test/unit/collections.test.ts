import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { booksCollection } from "@/server/books/list-books";
import { pageOf, parseCollectionQuery } from "@/server/collections";

describe("pageOf", () => {
  const count = () => vi.fn(async () => 42);

  it("takes the total from a short page without counting", async () => {
    const counter = count();
    expect(await pageOf({ page: 3, perPage: 20 }, ["a", "b"], counter)).toMatchObject({ total: 42, items: ["a", "b"] });
    expect(counter).not.toHaveBeenCalled();
  });

  it("knows an empty first page means an empty collection", async () => {
    const counter = count();
    expect((await pageOf({ page: 1, perPage: 20 }, [], counter)).total).toBe(0);
    expect(counter).not.toHaveBeenCalled();
  });

  it("counts when the page is full or lies past the end", async () => {
    const full = count();
    expect((await pageOf({ page: 1, perPage: 2 }, ["a", "b"], full)).total).toBe(42);
    expect(full).toHaveBeenCalledOnce();
    const beyond = count();
    expect((await pageOf({ page: 9, perPage: 20 }, [], beyond)).total).toBe(42);
    expect(beyond).toHaveBeenCalledOnce();
  });
});

describe("parseCollectionQuery", () => {
  const parse = (query: string) => parseCollectionQuery(booksCollection, new URLSearchParams(query)).options;

  it("reads paging, sorting and whitelisted filters", () => {
    expect(parse("page=2&per_page=5&sortby=title&order=desc&type=fantasy&deleted=true")).toEqual({
      page: 2,
      perPage: 5,
      sortBy: "title",
      order: "desc",
      filters: { type: "fantasy", deleted: true },
    });
  });

  it("sorts a named attribute ascending unless told, and keeps the default sort's own order", () => {
    expect(parse("sortby=title")).toMatchObject({ sortBy: "title", order: "asc" });
    expect(parse("")).toMatchObject({ sortBy: "updatedAt", order: "desc" });
  });

  it("refuses unknown names and bad values with one detail each", () => {
    expect(() => parse("sortby=password&colour=red&per_page=101&page=0")).toThrow(
      expect.objectContaining({
        code: "invalid_query",
        details: [
          { path: "sortby", message: expect.stringContaining("cannot sort") },
          { path: "colour", message: expect.stringContaining("unknown parameter") },
          { path: "per_page", message: expect.any(String) },
          { path: "page", message: expect.any(String) },
        ],
      }),
    );
  });

  it("reads the endpoint's own parameters in the same pass, and names a bad one with the collection's problems", () => {
    const own = z.object({ include: z.literal("content").optional() });
    const read = (query: string) => parseCollectionQuery(booksCollection, new URLSearchParams(query), own);
    expect(read("include=content&per_page=5")).toEqual({ options: expect.objectContaining({ perPage: 5 }), query: { include: "content" } });
    expect(read("")).toMatchObject({ query: {} });
    expect(() => read("include=everything&sortby=password")).toThrow(
      expect.objectContaining({
        code: "invalid_query",
        details: [{ path: "sortby", message: expect.stringContaining("cannot sort") }, { path: "include", message: expect.any(String), code: "invalid_value", values: ["content"] }],
      }),
    );
  });
});
