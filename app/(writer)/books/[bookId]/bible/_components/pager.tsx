import { useTranslations } from "use-intl";
import styles from "./bible.module.css";

/** The bible's Previous / Page n of m / Next row under a paged list; nothing when one page holds all. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useTranslations("bible.pager");
  if (pages <= 1) return null;
  return (
    <div className={styles.pager}>
      <button type="button" className="button secondary small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </button>
      <span>{t("page", { page, pages })}</span>
      <button type="button" className="button secondary small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("next")}
      </button>
    </div>
  );
}
