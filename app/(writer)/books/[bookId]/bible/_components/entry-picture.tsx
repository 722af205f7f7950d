"use client";

import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { BIBLE_LIMITS, type EntryDto } from "@/server/bible/schemas";
import { PICTURE_MEDIA_TYPES } from "@/server/pictures/schemas";
import { usePictureUpload } from "../../../_components/use-picture-upload";
import styles from "./bible.module.css";

/**
 * The entry's picture: shown, replaced (REST's PUT …/picture takes it as a multipart file; the
 * server sniffs it and refuses what is not a PNG, JPEG, WebP or GIF, or is over the limit), or
 * removed.
 */
export function EntryPicture({ bookId, entry }: { bookId: string; entry: EntryDto }) {
  const utils = trpc.useUtils();
  const t = useTranslations("bible.picture");
  const { describeProblem } = useProblems();
  const remove = trpc.bible.deletePicture.useMutation({ onSuccess: (saved) => utils.bible.getEntry.setData({ bookId, entryId: entry.id }, saved) });
  const picturePath = `/api/v1/books/${encodeURIComponent(bookId)}/bible/entries/${encodeURIComponent(entry.id)}/picture`;
  const { problem, sending, onChange } = usePictureUpload<EntryDto>(picturePath, (saved) => utils.bible.getEntry.setData({ bookId, entryId: entry.id }, saved));

  return (
    <div className="stack">
      {entry.picture ? (
        // The picture is the writer's own upload, served by the API: next/image's optimiser has nothing to add.
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.picture} src={`${entry.picture.url}?v=${encodeURIComponent(entry.picture.updatedAt)}`} alt={t("alt", { name: entry.name })} />
      ) : (
        <p className="muted">{t("none")}</p>
      )}
      <FormAlert message={problem ?? describeProblem(remove.error)?.message} />
      <label className="button secondary small" aria-disabled={sending || undefined}>
        {sending ? t("sending") : entry.picture ? t("replace") : t("add")}
        <input type="file" accept={PICTURE_MEDIA_TYPES.join(",")} className="visually-hidden" onChange={onChange} disabled={sending} />
      </label>
      <p className={styles.small}>{t("limits", { mebibytes: BIBLE_LIMITS.pictureBytes / 1024 / 1024 })}</p>
      {entry.picture && (
        <button type="button" className="button ghost small" onClick={() => remove.mutate({ bookId, entryId: entry.id })} disabled={remove.isPending}>
          {t("remove")}
        </button>
      )}
    </div>
  );
}
