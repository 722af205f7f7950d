import type { Metadata } from "next";
import { requirePrincipal } from "../../_components/require-principal";
import { InboxList } from "./inbox-list";

export const metadata: Metadata = { title: "Inbox" };

/** /inbox: what the writer was told of, newest first (issue 36 item 7, decision 0493). */
export default async function InboxPage() {
  await requirePrincipal("/inbox");
  return (
    <div className="narrow">
      <h1>Inbox</h1>
      <InboxList />
    </div>
  );
}
