"use client";

import { shownGenre } from "./genre";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { useTranslations } from "use-intl";
import styles from "../books.module.css";
import { BOOK_STATUSES } from "./book-status";

/** Each sort, by its query parameters, with the name of its words in `books.sort`. */
const SORTS = {
  "updatedAt:desc": "lastEdited",
  "title:asc": "title",
  "wordCount:desc": "mostWords",
  "createdAt:desc": "newest",
  "createdAt:asc": "oldest",
} as const;

/**
 * Sort and filter as the API's own query parameters (sortby, order, status, type), so the address
 * of a view is also the API call that lists it.
 */
export function ListControls({ genres: writersGenres }: { genres: string[] }) {
  const id = useId();
  const t = useTranslations("books.sort");
  const statuses = useTranslations("books.status");
  const genres = useTranslations("books.genre");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const genre = params.get("type");
  const genreOptions = genre && !writersGenres.includes(genre) ? [...writersGenres, genre] : writersGenres;
  const sort = `${params.get("sortby") ?? "updatedAt"}:${params.get("order") ?? (params.get("sortby") ? "asc" : "desc")}`;

  function show(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    next.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }

  function sortBy(value: string) {
    const [sortby = "updatedAt", order = "desc"] = value.split(":");
    show(value === "updatedAt:desc" ? { sortby: null, order: null } : { sortby, order });
  }

  return (
    <div className={styles.controls} role="group" aria-label={t("group")}>
      <div>
        <label htmlFor={`${id}-sort`}>{t("sort")}</label>
        <select id={`${id}-sort`} value={sort in SORTS ? sort : "updatedAt:desc"} onChange={(e) => sortBy(e.target.value)}>
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`}>{t("status")}</label>
        <select id={`${id}-status`} value={params.get("status") ?? ""} onChange={(e) => show({ status: e.target.value })}>
          <option value="">{t("any")}</option>
          {BOOK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statuses(value)}
            </option>
          ))}
        </select>
      </div>
      {genreOptions.length > 1 && (
        <div>
          <label htmlFor={`${id}-genre`}>{t("genre")}</label>
          <select id={`${id}-genre`} value={genre ?? ""} onChange={(e) => show({ type: e.target.value })}>
            <option value="">{t("any")}</option>
            {genreOptions.map((name) => (
              <option key={name} value={name}>
                {shownGenre(name, genres("novel"))}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
