// Decision 0490's PDF/X conversion: Ghostscript runs in the typesetter's child process, which kills
// it with itself when its caller stops waiting (the pool's deadline closes the child's stdin). These
// fail if a hung Ghostscript were left running. No wall-clock waits: the hung Ghostscript says when
// it has started (a file it writes, watched), and the caller stops waiting then.
import { chmodSync, mkdtempSync, readFileSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FONT_DIR } from "@/server/convert/engine/writers/pdf";
import { cmykProfile, pdfxAvailable } from "@/server/convert/engine/writers/pdfx";
import { TypesetTimeout, typesetInChild } from "@/server/convert/engine/writers/typst-process";

const SOURCE = "#set page(width: 3in, height: 3in)\nA page.";

/**
 * A process is killed when /proc no longer lists it, lists it as a zombie (dead, not yet reaped), or
 * it has SIGKILL pending (sent, the kernel yet to end it): no waiting for the kernel to get round to it.
 */
function killed(pid: number): boolean {
  const SIGKILL = 1n << 8n;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => new RegExp(`^${name}:\\s*(\\S+)`, "m").exec(status)?.[1] ?? "";
    const pending = (name: string) => (BigInt(`0x${field(name) || "0"}`) & SIGKILL) !== 0n;
    return /^[ZX]/.test(field("State")) || pending("SigPnd") || pending("ShdPnd");
  } catch {
    return true;
  }
}

const realPath = process.env.PATH;
/** The hung Ghostscript's pid, killed after the test should the code under test have left it. */
let hung: number | undefined;
afterEach(() => {
  process.env.PATH = realPath;
  if (hung !== undefined && !killed(hung)) process.kill(hung, "SIGKILL");
  hung = undefined;
});

describe("the PDF/X conversion's deadline", () => {
  // The profile must exist (the conversion checks it first); the Ghostscript found first is a hung one.
  it.runIf(cmykProfile() !== undefined)("kills a Ghostscript that never ends when the caller stops waiting, and says so", async () => {
    const bin = mkdtempSync(path.join(tmpdir(), "inkstone-hung-gs-"));
    const pidFile = path.join(bin, "gs.pid");
    // Writes its pid, then never ends: what a Ghostscript caught in a loop looks like to its caller.
    writeFileSync(
      path.join(bin, "gs"),
      `#!${process.execPath}\nconst fs = require("node:fs");\nfs.writeFileSync(${JSON.stringify(`${pidFile}.tmp`)}, String(process.pid));\nfs.renameSync(${JSON.stringify(`${pidFile}.tmp`)}, ${JSON.stringify(pidFile)});\nsetInterval(() => {}, 1 << 30);\n`,
    );
    chmodSync(path.join(bin, "gs"), 0o755);
    process.env.PATH = `${bin}${path.delimiter}${realPath}`;

    const caller = new AbortController();
    const started = new Promise<number>((resolve) => {
      const watcher = watch(bin, (_event, name) => {
        if (name !== "gs.pid") return;
        watcher.close();
        resolve(Number(readFileSync(pidFile, "utf8").trim()));
      });
    });
    const typesetting = typesetInChild({ source: SOURCE, pdfx: true }, FONT_DIR, { signal: caller.signal });
    const failed = typesetting.then(
      () => null,
      (error: unknown) => error,
    );
    const pid = await Promise.race([started, failed.then(() => -1)]);
    expect(pid, "the hung Ghostscript started").toBeGreaterThan(0);
    hung = pid;
    expect(killed(pid)).toBe(false);
    caller.abort();
    const error = await failed;
    expect(error).toBeInstanceOf(TypesetTimeout);
    expect((error as Error).message).toContain("stopped");
    // The child killed Ghostscript before itself: by the time the caller hears, it is not running.
    expect(killed(pid), `Ghostscript ${pid} is still running`).toBe(true);
  }, 60_000);

  it.runIf(pdfxAvailable())("stops a real conversion at a deadline of a few milliseconds with the deadline's error", async () => {
    await expect(typesetInChild({ source: SOURCE, pdfx: true }, FONT_DIR, { timeoutMs: 5 })).rejects.toThrow(/ran past 5 ms and was stopped/);
  }, 60_000);
});
