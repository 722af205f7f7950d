"use client";

import { useState, type ChangeEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { describeAnswer, describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import { BIBLE_LIMITS, PICTURE_MEDIA_TYPES, type EntryDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";

/**
 * The entry's picture: shown, replaced (REST's PUT …/picture takes the image itself as the body;
 * the server sniffs it and refuses what is not a PNG, JPEG, WebP or GIF, or is over the limit),
 * or removed.
 */
export function EntryPicture({ bookId, entry }: { bookId: string; entry: EntryDto }) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const remove = trpc.bible.deletePicture.useMutation({ onSuccess: (saved) => utils.bible.getEntry.setData({ bookId, entryId: entry.id }, saved) });
  const picturePath = `/api/v1/books/${encodeURIComponent(bookId)}/bible/entries/${encodeURIComponent(entry.id)}/picture`;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(undefined);
    setSending(true);
    try {
      const response = await fetch(picturePath, { method: "PUT", body: file, headers: { "content-type": file.type || "application/octet-stream", accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as { data?: EntryDto } | null;
      if (response.ok && body?.data) utils.bible.getEntry.setData({ bookId, entryId: entry.id }, body.data);
      else setProblem(describeAnswer(response.status, body).message);
    } catch {
      setProblem("The picture could not be sent. Check the connection and try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="stack">
      {entry.picture ? (
        // The picture is the writer's own upload, served by the API: next/image's optimiser has nothing to add.
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.picture} src={`${entry.picture.url}?v=${encodeURIComponent(entry.picture.updatedAt)}`} alt={`Picture of ${entry.name}`} />
      ) : (
        <p className="muted">No picture.</p>
      )}
      <FormAlert message={problem ?? describeProblem(remove.error)?.message} />
      <label className="button secondary small" aria-disabled={sending || undefined}>
        {sending ? "Sending…" : entry.picture ? "Replace picture" : "Add a picture"}
        <input type="file" accept={PICTURE_MEDIA_TYPES.join(",")} className="visually-hidden" onChange={(event) => void upload(event)} disabled={sending} />
      </label>
      <p className={styles.small}>PNG, JPEG, WebP or GIF, up to {BIBLE_LIMITS.pictureBytes / 1024 / 1024} MiB.</p>
      {entry.picture && (
        <button type="button" className="button ghost small" onClick={() => remove.mutate({ bookId, entryId: entry.id })} disabled={remove.isPending}>
          Remove picture
        </button>
      )}
    </div>
  );
}
