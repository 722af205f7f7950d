#!/usr/bin/env node
// `node bench/body-parse.mjs`: what parsing a large JSON body costs the web thread, parsed there
// (decode + JSON.parse, the baseline) or in a worker (the web thread only clones the bytes out and
// the value back: v8.serialize/deserialize, what postMessage does). It is why bodies above 1 MiB
// are parsed in the pool's quick lane (server/request/decode-body.ts). See bench/README.md.
import { deserialize, serialize } from "node:v8";

const MIB = 1024 * 1024;

function best(fn, runs = 5) {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

const bodies = {
  "1 MiB of English": JSON.stringify({ content: "word ".repeat(MIB / 5) }),
  "19 MiB of English": JSON.stringify({ from: "md", to: "html", content: "word ".repeat((19 * MIB) / 5) }),
  "19 MiB of Chinese": JSON.stringify({ from: "md", to: "html", content: "字".repeat(Math.floor((19 * MIB) / 3)) }),
  "19 MiB of \\u escapes": JSON.stringify({ content: "字".repeat(Math.floor((19 * MIB) / 6)) }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`),
  "10 MiB of small objects": JSON.stringify({ a: Array.from({ length: 400_000 }, (_, i) => ({ k: i, v: `x${i}` })) }),
};

console.log("body                       | here: decode+parse | worker: bytes out + value back");
for (const [name, text] of Object.entries(bodies)) {
  const bytes = Buffer.from(text);
  let value;
  const here = best(() => (value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes))));
  const serialized = serialize(value);
  const away = best(() => structuredClone(bytes)) + best(() => deserialize(serialized));
  console.log(`${name.padEnd(26)} | ${here.toFixed(1).padStart(15)} ms | ${away.toFixed(1).padStart(15)} ms`);
}
