import type { Metadata } from "next";
import { requirePrincipal } from "../../../_components/require-principal";
import { getT, requestIntl } from "../../../_i18n/server";
import { ArchiveSection } from "./archive-section";
import { BackMatterForm } from "./back-matter-form";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccountForm } from "./delete-account-form";
import { LanguageForm } from "./language-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("settings.account"))("title") };
}

/** Settings → Account: the password, downloading everything one owns, and leaving with one's data (issue 34 item 6, decisions 0483 and 0484). */
export default async function AccountPage() {
  await requirePrincipal("/settings/account");
  const [language, t, { chosen, browser }] = await Promise.all([getT("common.language"), getT("settings"), requestIntl()]);
  return (
    <div className="narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("account.heading")}</h1>
      <section aria-labelledby="language-heading" className="panel">
        <h2 id="language-heading">{language("legend")}</h2>
        <LanguageForm chosen={chosen} browser={browser} />
      </section>
      <section aria-labelledby="password-heading" className="panel">
        <h2 id="password-heading">{t("account.password.heading")}</h2>
        <p className="muted section-intro">{t("account.password.intro")}</p>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="back-matter-heading" className="panel">
        <h2 id="back-matter-heading">{t("account.backMatter.heading")}</h2>
        <p className="muted section-intro">{t("account.backMatter.intro")}</p>
        <BackMatterForm />
      </section>
      <ArchiveSection />
      <section aria-labelledby="delete-heading" className="settings-part">
        <h2 id="delete-heading">{t("account.delete.heading")}</h2>
        <p className="muted section-intro">{t("account.delete.intro")}</p>
        <DeleteAccountForm />
      </section>
    </div>
  );
}
