import type { Metadata } from "next";
import Link from "next/link";
import { sessionPrincipal } from "@/server/auth/session";
import { previewInvitation } from "@/server/members/preview-invitation";
import { getDates, getT } from "../../../_i18n/server";
import { AcceptInvitationForm } from "./accept-form";

export async function generateMetadata(): Promise<Metadata> {
  // The link is a credential: no Referer carries it to another page or site.
  return { title: (await getT("auth.invite"))("title"), referrer: "no-referrer" };
}

// /invite/<secret> — what an invited person opens (issue 36 item 1, decision 0487)
export default async function InvitationPage({ params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  const [invitation, t, roles, dates] = await Promise.all([previewInvitation(secret), getT("auth.invite"), getT("auth.roles"), getDates()]);
  if (invitation.state !== "pending") {
    return (
      <>
        <h1>{t("heading")}</h1>
        <p role="alert" className="form-alert">
          {invitation.state === "unknown" ? t("unknown") : t(`ended.${invitation.state}`)}
        </p>
        <p className="auth-switch">
          <Link href="/books">{t("toBooks")}</Link>
        </p>
      </>
    );
  }
  const principal = await sessionPrincipal();
  const here = `/invite/${secret}`;
  const query = new URLSearchParams({ next: here, ...(invitation.email !== null && { email: invitation.email }) });
  return (
    <>
      <h1>{t("invitedHeading")}</h1>
      <p>
        {t.rich("invites", {
          inviter: invitation.inviterName,
          book: invitation.bookTitle,
          role: roles(invitation.role),
          strong: (chunks) => <strong>{chunks}</strong>,
          cite: (chunks) => <cite className="invite-title">{chunks}</cite>,
        })}
      </p>
      <p className="muted invite-terms">
        {invitation.email !== null && <>{t("forEmail", { email: invitation.email })} </>}
        {t.rich("until", {
          date: dates.dateTime(invitation.expiresAt),
          time: (chunks) => <time dateTime={invitation.expiresAt.toISOString()}>{chunks}</time>,
        })}
      </p>
      {principal ? (
        <AcceptInvitationForm secret={secret} />
      ) : (
        <div className="stack">
          <Link className="button" href={`/sign-in?${query}`}>
            {t("signInToAccept")}
          </Link>
          <Link className="button secondary" href={`/sign-up?${query}`}>
            {t("signUp")}
          </Link>
        </div>
      )}
    </>
  );
}
