import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** A message the sink took: its envelope and its text, decoded from quoted-printable. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** the raw message as sent */
  raw: string;
  /** the message with quoted-printable soft breaks and escapes undone (the text part reads as written) */
  decoded: string;
}

export interface SmtpSink {
  /** smtp://user:password@127.0.0.1:port, for INKSTONE_SMTP_URL */
  url: string;
  received: ReceivedMail[];
  /** resolves once `count` messages were taken; rejects after `timeoutMs` */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): void;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8");
}

/** Starts test/support/smtp-sink-process.mjs in a process of its own; `refuseFirst` messages are answered 451. */
export async function startSmtpSink({ refuseFirst = 0 } = {}): Promise<SmtpSink> {
  const dir = mkdtempSync(path.join(tmpdir(), "inkstone-smtp-"));
  const child = spawn(process.execPath, ["test/support/smtp-sink-process.mjs", dir], {
    env: { ...process.env, SMTP_SINK_USER: "inkstone", SMTP_SINK_PASSWORD: "sink-password", SMTP_SINK_REFUSE_FIRST: String(refuseFirst) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const message = JSON.parse(line) as { port?: number; file?: string; from?: string; to?: string[] };
      if (message.port !== undefined) return resolve(message.port);
      const raw = readFileSync(message.file!, "utf8");
      received.push({ from: message.from ?? "", to: message.to ?? [], raw, decoded: decodeQuotedPrintable(raw) });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  return {
    url: `smtp://inkstone:sink-password@127.0.0.1:${port}`,
    received,
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`the SMTP sink took ${received.length} of ${count} messages within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received)) });
      }),
    stop: () => void child.kill("SIGTERM"),
  };
}
