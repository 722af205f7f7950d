import type { Metadata } from "next";
import { requirePrincipal } from "../../../_components/require-principal";
import { getT, requestIntl } from "../../../_i18n/server";
import { ArchiveSection } from "./archive-section";
import { BackMatterForm } from "./back-matter-form";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccountForm } from "./delete-account-form";
import { LanguageForm } from "./language-form";

export const metadata: Metadata = { title: "Account" };

/** Settings → Account: the password, downloading everything one owns, and leaving with one's data (issue 34 item 6, decisions 0483 and 0484). */
export default async function AccountPage() {
  await requirePrincipal("/settings/account");
  const [t, { chosen, browser }] = await Promise.all([getT("common.language"), requestIntl()]);
  return (
    <div className="narrow">
      <p className="eyebrow">Settings</p>
      <h1>Account</h1>
      <section aria-labelledby="language-heading" className="panel">
        <h2 id="language-heading">{t("legend")}</h2>
        <LanguageForm chosen={chosen} browser={browser} />
      </section>
      <section aria-labelledby="password-heading" className="panel">
        <h2 id="password-heading">Password</h2>
        <p className="muted section-intro">Changing it signs you out everywhere else: other browsers, the command-line client and your tokens.</p>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="back-matter-heading" className="panel">
        <h2 id="back-matter-heading">Back matter</h2>
        <p className="muted section-intro">Set once, printed after the last chapter of each of your books; each book chooses its pages in Book details.</p>
        <BackMatterForm />
      </section>
      <ArchiveSection />
      <section aria-labelledby="delete-heading" className="settings-part">
        <h2 id="delete-heading">Delete your account</h2>
        <p className="muted section-intro">
          Your books, chapters and their history, story bibles, goals and tokens are deleted for good; books others own that you
          work on lose you. A book you share with others must first have another owner (its Members panel) or no members.
        </p>
        <DeleteAccountForm />
      </section>
    </div>
  );
}
