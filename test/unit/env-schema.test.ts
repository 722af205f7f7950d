import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config.mjs";
import { CHAPTER_BODY_LIMIT } from "@/server/chapters/schemas";
import { UPLOAD_BODY_LIMIT } from "@/server/convert/schemas";
import { readEnv } from "@/server/env-schema.mjs";
import { CONVERT_RPC_BODY_LIMIT } from "@/server/trpc/routers/convert";

describe("readEnv (issue 18 item 7)", () => {
  it("runs a fresh clone with nothing set, on the documented defaults", () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:./data/inkstone.db",
      INKSTONE_DATA_DIR: "./data",
      NEXT_DIST_DIR: ".next",
      INKSTONE_WORKERS: 2,
      INKSTONE_TRUSTED_PROXIES: 0,
      INKSTONE_BENCH: "0",
    });
  });

  it("stops on a typo in a number, naming the variable, instead of running on a default", () => {
    for (const typo of ["two", "2.5", "1e1", "0x2", " 2", "-1"]) {
      expect(() => readEnv({ INKSTONE_WORKERS: typo }), typo).toThrow(/INKSTONE_WORKERS: must be a whole number from 1 to 16/);
    }
    expect(() => readEnv({ INKSTONE_WORKERS: "17" })).toThrow(/INKSTONE_WORKERS: must be a whole number from 1 to 16/);
    expect(() => readEnv({ PORT: "80a", INKSTONE_LOGIN_ATTEMPTS: "ten" })).toThrow(/PORT: .*\n.*INKSTONE_LOGIN_ATTEMPTS: /);
    expect(readEnv({ INKSTONE_WORKERS: "4", PORT: "0" })).toMatchObject({ INKSTONE_WORKERS: 4, PORT: 0 });
  });

  it("reads an empty value as unset, as FOO= in a .env file means", () => {
    expect(readEnv({ INKSTONE_TRUSTED_PROXIES: "", DATABASE_URL: "" })).toMatchObject({ INKSTONE_TRUSTED_PROXIES: 0, DATABASE_URL: "file:./data/inkstone.db" });
  });

  it("takes a certificate only with its key", () => {
    expect(() => readEnv({ INKSTONE_TLS_CERT: "/etc/cert.pem" })).toThrow(/INKSTONE_TLS_CERT and INKSTONE_TLS_KEY go together/);
    expect(() => readEnv({ INKSTONE_TLS_KEY: "/etc/key.pem" })).toThrow(/INKSTONE_TLS_CERT and INKSTONE_TLS_KEY go together/);
    expect(readEnv({ INKSTONE_TLS_CERT: "/etc/cert.pem", INKSTONE_TLS_KEY: "/etc/key.pem" })).toMatchObject({ INKSTONE_TLS_CERT: "/etc/cert.pem" });
  });

  it("takes an SMTP server only with a sender, and a public URL only as an http(s) origin and path", () => {
    expect(() => readEnv({ INKSTONE_SMTP_URL: "smtp://u:p@mail.example.com:587" })).toThrow(/INKSTONE_SMTP_URL and INKSTONE_MAIL_FROM go together/);
    expect(() => readEnv({ INKSTONE_MAIL_FROM: "ink@example.com" })).toThrow(/INKSTONE_SMTP_URL and INKSTONE_MAIL_FROM go together/);
    expect(() => readEnv({ INKSTONE_SMTP_URL: "http://mail.example.com", INKSTONE_MAIL_FROM: "ink@example.com" })).toThrow(/INKSTONE_SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(readEnv({ INKSTONE_SMTP_URL: "smtps://u:p@mail.example.com", INKSTONE_MAIL_FROM: "Ink <ink@example.com>" })).toMatchObject({ INKSTONE_SMTP_URL: "smtps://u:p@mail.example.com" });
    expect(readEnv({ INKSTONE_PUBLIC_URL: "https://ink.example.com/" }).INKSTONE_PUBLIC_URL).toBe("https://ink.example.com");
    expect(readEnv({ INKSTONE_PUBLIC_URL: "https://example.com/ink" }).INKSTONE_PUBLIC_URL).toBe("https://example.com/ink");
    expect(() => readEnv({ INKSTONE_PUBLIC_URL: "ink.example.com" })).toThrow(/INKSTONE_PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => readEnv({ INKSTONE_PUBLIC_URL: "https://ink.example.com/?a=b" })).toThrow(/INKSTONE_PUBLIC_URL/);
  });

  it("refuses a database URL of another engine", () => {
    expect(() => readEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a SQLite file: URL or a postgresql:\/\/ URL/);
  });
});

describe("the proxy's body limit (issue 18 item 7)", () => {
  it("lets one byte more than the largest body any route reads reach the route, to be refused with 413", () => {
    const limit = nextConfig.experimental?.proxyClientMaxBodySize;
    expect(limit).toBe(CHAPTER_BODY_LIMIT + 1);
    for (const routeLimit of [CHAPTER_BODY_LIMIT, UPLOAD_BODY_LIMIT, CONVERT_RPC_BODY_LIMIT]) expect(limit).toBeGreaterThan(routeLimit);
  });
});
