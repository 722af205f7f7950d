// @module-tag shared
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

// Half a second of a child's computing, then it says so and waits to be stopped.
const BURN = "const end = process.cpuUsage().user + 500_000; while (process.cpuUsage().user < end); console.log('done'); setInterval(() => {}, 1000);";

// The CPU-time bounds (linear time on crafted inputs) must count the work wherever it runs: the PDF
// writer's Typst runs in a child process, which process.cpuUsage() leaves out.
describe("cpuMsSince", () => {
  it("counts a child process that has ended", () => {
    const mark = cpuMark();
    spawnSync(process.execPath, ["-e", BURN.replace("setInterval(() => {}, 1000);", "")]);
    expect(cpuMsSince(mark)).toBeGreaterThanOrEqual(400);
  });

  it("counts a child process still running", async () => {
    const mark = cpuMark();
    const child = spawn(process.execPath, ["-e", BURN], { stdio: ["ignore", "pipe", "ignore"] });
    await once(child.stdout, "data");
    try {
      expect(cpuMsSince(mark)).toBeGreaterThanOrEqual(400);
    } finally {
      child.kill();
    }
  });
});
