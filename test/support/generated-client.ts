import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { expect, inject } from "vitest";
import { PROJECT_ROOT } from "./third-party-tools";

/**
 * A generated client's flows as a third party runs them: `flows.ts` in `work`, beside the code a
 * generator wrote there, type-checked under tsc --strict (no error allowed; TypeScript 7's native
 * compiler, which `npm run check:types` uses too: the same checks at a fifth of 5.9's CPU), bundled, and run
 * against the test server with the writer's token. Answers what the flows printed.
 */
export async function checkAndRunFlows(work: string, token: string, options: { lib: string[]; paths?: Record<string, string[]>; nodePaths?: string[] }): Promise<string> {
  writeFileSync(
    path.join(work, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: options.lib,
        skipLibCheck: true,
        typeRoots: [path.join(PROJECT_ROOT, "node_modules/@types")],
        types: ["node"],
        ...(options.paths && { paths: options.paths }),
      },
      files: ["flows.ts"],
    }),
  );
  let errors = "";
  try {
    execFileSync(process.execPath, [path.join(PROJECT_ROOT, "node_modules/typescript-7/bin/tsc"), "-p", work], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    errors = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(errors).toBe("");
  await build({
    entryPoints: [path.join(work, "flows.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: path.join(work, "flows.mjs"),
    ...(options.nodePaths && { nodePaths: options.nodePaths }),
    logLevel: "silent",
  });
  return execFileSync(process.execPath, [path.join(work, "flows.mjs")], {
    env: { ...process.env, INKSTONE_URL: inject("baseUrl"), INKSTONE_TOKEN: token },
    encoding: "utf8",
    stdio: "pipe",
  });
}
