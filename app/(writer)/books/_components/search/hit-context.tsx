import { useTranslations } from "use-intl";
import styles from "./search.module.css";

/** A hit in the sentence around it, the match marked (and, in a replace preview, what takes its place). */
export function HitContext({
  before,
  match,
  after,
  replacement,
  lang,
}: {
  before: string;
  match: string;
  after: string;
  replacement?: string;
  lang?: string;
}) {
  const t = useTranslations("books.search");
  return (
    <span className={styles.context} lang={lang}>
      {before}
      {replacement === undefined ? (
        <mark className={styles.match}>{match}</mark>
      ) : (
        <>
          <del className={styles.removed}>
            <span className="visually-hidden">{t("replacing")}</span>
            {match}
            <span className="visually-hidden">{t("replacingEnd")}</span>
          </del>
          <ins className={styles.added}>
            <span className="visually-hidden">{t("replacingWith")}</span>
            {replacement}
            <span className="visually-hidden">{t("replacingEnd")}</span>
          </ins>
        </>
      )}
      {after}
    </span>
  );
}
