"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@/i18n/locales";
import { SelectField } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { trpc } from "../../../_trpc/client";

const BROWSER = "browser";

/**
 * Settings → Account → Language (issue 32 item 1, decision 0504): English, 简体中文, or whatever the
 * browser asks for. Saved on the account, so the e-mails Inkstone sends speak it too; the page is
 * rendered again in it at once.
 */
export function LanguageForm({ chosen, browser }: { chosen: Locale | null; browser: Locale }) {
  const t = useTranslations("common.language");
  const { describeProblem } = useProblems();
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const update = trpc.users.updateMe.useMutation({
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("locale");
    setSaved(false);
    update.mutate({ locale: isLocale(value) ? value : null });
  }

  return (
    <form onSubmit={submit} className="stack" aria-label={t("legend")}>
      <SelectField
        name="locale"
        label={t("label")}
        hint={t("hint")}
        defaultValue={chosen ?? BROWSER}
        options={[{ value: BROWSER, label: t("browser", { language: LOCALE_NAMES[browser] }) }, ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))]}
      />
      <FormAlert message={describeProblem(update.error)?.message} />
      {saved && <p role="status">{t("saved")}</p>}
      <div>
        <button type="submit" className="button" disabled={update.isPending} aria-busy={update.isPending || undefined}>
          {t("save")}
        </button>
      </div>
    </form>
  );
}
