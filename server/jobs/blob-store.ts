/**
 * Where a job's files live: an upload waiting for its job, and a job's result. Use cases and the
 * runner go through this interface only, so that another store (a bucket, a disk shared by the
 * instances) can take over without touching them.
 */
export interface BlobStore {
  /** Keeps the bytes and answers their blob id. */
  put(bytes: Uint8Array): Promise<string>;
  /** The blob's bytes, or null when there is no such blob. */
  get(blobId: string): Promise<Uint8Array | null>;
  delete(blobIds: readonly (string | null)[]): Promise<void>;
  /**
   * Deletes blobs no job refers to that are older than `graceMs`: those of a request that failed
   * or died between writing its blob and queueing its job (younger ones may be about to be queued).
   */
  sweepUnreferenced(graceMs: number): Promise<number>;
}
