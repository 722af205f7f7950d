// @module-tag postgres
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { engine, sql } from "@/server/db";
import { countOf } from "@/server/sql/count";
import { blobStore } from "@/server/jobs/job-blob-store";
import { CHUNK_BYTES, databaseBlobStore } from "@/server/jobs/blob-store-database";
import { fileBlobStore } from "@/server/jobs/blob-store-files";
import { defineJob } from "@/server/jobs/define-job";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { MAX_JOB_BYTES_PER_WRITER } from "@/server/jobs/limits";
import { sqliteFile } from "@/server/sql/sqlite";
import { newWriter } from "../support/principals";

const chunksOf = (blobId: string) => sql.selectFrom("JobBlobChunk").select(["seq", "bytes"]).where("blobId", "=", blobId).orderBy("seq", "asc").execute();
const sized = defineJob({ kind: "test.blob", input: z.object({}), run: async () => ({}) });
const patterned = (length: number) => new Uint8Array(length).map((_, i) => (i * 31) % 251);
const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.from(a).equals(Buffer.from(b));

describe("the database blob store (PostgreSQL's)", () => {
  it("keeps a file in chunks of CHUNK_BYTES and gives back the same bytes", async () => {
    const bytes = patterned(2 * CHUNK_BYTES + 12_345);
    const blobId = await databaseBlobStore.put(bytes);
    const chunks = await chunksOf(blobId);
    expect(chunks.map((c) => [c.seq, c.bytes.byteLength])).toEqual([[0, CHUNK_BYTES], [1, CHUNK_BYTES], [2, 12_345]]);
    expect(same(await databaseBlobStore.get(blobId), bytes)).toBe(true);
    await databaseBlobStore.delete([blobId, null]);
    expect(await chunksOf(blobId)).toEqual([]);
    expect(await databaseBlobStore.get(blobId)).toBeNull();
  });

  it("tells an empty file from a missing one", async () => {
    const blobId = await databaseBlobStore.put(new Uint8Array());
    expect(await databaseBlobStore.get(blobId)).toEqual(new Uint8Array());
    expect(await databaseBlobStore.get("no-such-blob")).toBeNull();
  });
});

describe("the file blob store (SQLite's)", () => {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-blobs-")), "job-files");
  const files = fileBlobStore(folder, databaseBlobStore);

  it("keeps a file for the server's user only and erases it on delete", async () => {
    const bytes = patterned(3 * 1024 * 1024 + 7);
    const blobId = await files.put(bytes);
    expect(readdirSync(folder)).toEqual([blobId]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, blobId)).mode & 0o777).toBe(0o600);
    expect(same(await files.get(blobId), bytes)).toBe(true);
    await files.delete([blobId]);
    expect(readdirSync(folder)).toEqual([]);
    expect(await files.get(blobId)).toBeNull();
  });

  it("still answers for job files the migration moved into the database", async () => {
    await sql.insertInto("JobBlobChunk").values({ blobId: "input-legacy", seq: 0, bytes: Buffer.from("before the upgrade"), createdAt: new Date() }).execute();
    expect(Buffer.from((await files.get("input-legacy"))!).toString()).toBe("before the upgrade");
    await files.delete(["input-legacy"]);
    expect(await chunksOf("input-legacy")).toEqual([]);
  });

  it("never joins a foreign id to its folder", async () => {
    expect(await files.get("../../etc/passwd")).toBeNull();
  });
});

describe("the store jobs use", () => {
  // Files beside the database on SQLite, chunks in the database on PostgreSQL.
  const storedBlobs = () =>
    engine === "sqlite" ? readdirSync(path.join(path.dirname(sqliteFile(process.env.DATABASE_URL!)), "job-files")).length : countOf(sql.selectFrom("JobBlobChunk"));

  it("sweeps only blobs that no job refers to and that are past the grace period", async () => {
    const writer = await newWriter("blob-sweep");
    const queued = await enqueueJob(sized, {}, writer, { inputFile: new Uint8Array([1, 2, 3]) });
    const { inputBlobId } = await sql.selectFrom("Job").select("inputBlobId").where("id", "=", queued.id).executeTakeFirstOrThrow();
    const leftBehind = await blobStore.put(new Uint8Array([4, 5, 6]));

    expect(await blobStore.sweepUnreferenced(60_000)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await blobStore.sweepUnreferenced(1)).toBeGreaterThanOrEqual(1);
    expect(await blobStore.get(leftBehind)).toBeNull();
    expect(await blobStore.get(inputBlobId!)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("writes nothing for a job refused over its writer's quota", async () => {
    const writer = await newWriter("blob-quota");
    const before = await storedBlobs();
    const refused = await enqueueJob(sized, {}, writer, { inputFile: new Uint8Array(MAX_JOB_BYTES_PER_WRITER + 1) }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect(await storedBlobs()).toBe(before);
  });
});
