import { beforeAll, describe, expect, it } from "vitest";
import { fails, inkstone, json, loggedIn } from "../support/cli";

// Issue 37 item 3 (decision 0485 amended): `inkstone books update --accessibility-claim` makes the
// writer's WCAG claim for an evaluated book, names the evaluator, and withdraws it with "none".

let home: string;
const run = (args: string[]) => inkstone(home, args);

beforeAll(async () => {
  ({ home } = await loggedIn("cli-a11y-claim"));
});

describe("inkstone books update --accessibility-claim", () => {
  it("claims a level with its evaluator, and none withdraws it", async () => {
    const book = json(await run(["books", "create", "--title", "The Claimed Tide", "--json"]));
    const claimed = json(
      await run(["books", "update", book.id, "--accessibility-claim", "2.2-AA", "--evaluated-by", "Ann Reader", "--evaluation-report", "https://example.org/report", "--json"]),
    );
    expect(claimed.accessibilityClaim).toEqual({ conformsTo: "EPUB Accessibility 1.1 - WCAG 2.2 Level AA", certifiedBy: "Ann Reader", credential: null, report: "https://example.org/report" });
    expect(json(await run(["books", "update", book.id, "--accessibility-claim", "none", "--json"])).accessibilityClaim).toBeNull();
  });

  it("refuses a claim without its evaluator, and an evaluator without a claim, in one line", async () => {
    const book = json(await run(["books", "create", "--title", "Unclaimed", "--json"]));
    expect(fails(await run(["books", "update", book.id, "--accessibility-claim", "2.1-A"]))).toContain("accessibilityClaim.certifiedBy: name who evaluated the book");
    expect(fails(await run(["books", "update", book.id, "--evaluated-by", "Ann"]))).toBe("inkstone: --evaluated-by, --evaluator-credential and --evaluation-report go with --accessibility-claim <level>");
    expect(fails(await run(["books", "update", book.id, "--accessibility-claim", "3.0-AAA"]))).toContain("--accessibility-claim");
  });
});
