import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsCurrent, recordBuild, sourceHash } from "../../scripts/build-stamp.mjs";

// `npm start` rebuilds when the build was made from other sources (issue 5, item 15).
function project() {
  const root = mkdtempSync(path.join(tmpdir(), "inkstone-stamp-"));
  for (const dir of ["app", "server/books", "server/generated/prisma", "docs", ".next"]) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, "app/page.tsx"), "export default function Page() {}\n");
  writeFileSync(path.join(root, "server/books/list-books.ts"), "export const a = 1;\n");
  writeFileSync(path.join(root, "server/generated/prisma/client.ts"), "generated\n");
  writeFileSync(path.join(root, "docs/api.md"), "# API\n");
  writeFileSync(path.join(root, "package-lock.json"), "{}\n");
  writeFileSync(path.join(root, ".next/BUILD_ID"), "x\n");
  return root;
}

describe("the build stamp", () => {
  it("holds for a build of the sources on disk, and not once a source file changes", () => {
    const root = project();
    expect(buildIsCurrent(root, ".next")).toBe(false); // built by something that did not record it
    recordBuild(root, ".next", sourceHash(root));
    expect(buildIsCurrent(root, ".next")).toBe(true);

    writeFileSync(path.join(root, "server/books/list-books.ts"), "export const a = 2;\n");
    expect(buildIsCurrent(root, ".next")).toBe(false);
  });

  it("ignores what a build is not made of: docs, generated code and the server entry", () => {
    const root = project();
    const before = sourceHash(root);
    writeFileSync(path.join(root, "docs/api.md"), "# API, edited\n");
    writeFileSync(path.join(root, "server/generated/prisma/client.ts"), "regenerated\n");
    mkdirSync(path.join(root, "server/entry"));
    writeFileSync(path.join(root, "server/entry/main.mjs"), "// runs from source\n");
    expect(sourceHash(root)).toBe(before);
  });

  it("does not take a benchmark's build (with its baseline route) for a production one (issue 18 item 11)", () => {
    const root = project();
    const production = sourceHash(root);
    process.env.INKSTONE_BENCH = "1";
    try {
      expect(sourceHash(root)).not.toBe(production);
    } finally {
      delete process.env.INKSTONE_BENCH;
    }
    expect(sourceHash(root)).toBe(production);
  });

  it("sees new files, renamed files and changed dependencies", () => {
    const root = project();
    const before = sourceHash(root);
    writeFileSync(path.join(root, "app/new-page.tsx"), "x\n");
    const withNewFile = sourceHash(root);
    expect(withNewFile).not.toBe(before);
    const copy = mkdtempSync(path.join(tmpdir(), "inkstone-stamp-"));
    cpSync(root, copy, { recursive: true });
    expect(sourceHash(copy)).toBe(withNewFile); // a copy elsewhere is the same build
    writeFileSync(path.join(copy, "package-lock.json"), '{"lockfileVersion": 3}\n');
    expect(sourceHash(copy)).not.toBe(withNewFile);
  });

  it("refuses a dist dir with a stamp but no finished build", () => {
    const root = project();
    recordBuild(root, ".next", sourceHash(root));
    expect(buildIsCurrent(root, ".next-other")).toBe(false);
  });
});
