import type { Metadata } from "next";
import { requirePrincipal } from "../../_components/require-principal";
import { getT } from "../../_i18n/server";
import { InboxList } from "./inbox-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("inbox"))("title") };
}

/** /inbox: what the writer was told of, newest first (issue 36 item 7, decision 0493). */
export default async function InboxPage() {
  await requirePrincipal("/inbox");
  const t = await getT("inbox");
  return (
    <div className="narrow">
      <h1>{t("heading")}</h1>
      <InboxList />
    </div>
  );
}
