import type { Metadata } from "next";
import Link from "next/link";
import { sessionPrincipal } from "@/server/auth/session";
import { INVITATION_ENDED } from "@/server/members/invitations";
import { previewInvitation } from "@/server/members/preview-invitation";
import { ROLE_LABELS } from "../../../(writer)/books/_components/book-roles";
import { formatDateTime } from "../../../_components/format";
import { AcceptInvitationForm } from "./accept-form";

// The link is a credential: no Referer carries it to another page or site.
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

const ENDED = {
  ...INVITATION_ENDED,
  unknown: "This invitation link is not valid. Check that it was copied whole, or ask for a new one.",
};

// /invite/<secret> — what an invited person opens (issue 36 item 1, decision 0487)
export default async function InvitationPage({ params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  const invitation = await previewInvitation(secret);
  if (invitation.state !== "pending") {
    return (
      <>
        <h1>Invitation</h1>
        <p role="alert" className="form-alert">
          {ENDED[invitation.state]}
        </p>
        <p className="auth-switch">
          <Link href="/books">Go to your books</Link>
        </p>
      </>
    );
  }
  const principal = await sessionPrincipal();
  const here = `/invite/${secret}`;
  const query = new URLSearchParams({ next: here, ...(invitation.email !== null && { email: invitation.email }) });
  return (
    <>
      <h1>You are invited</h1>
      <p>
        <strong>{invitation.inviterName}</strong> invites you to work on <cite className="invite-title">{invitation.bookTitle}</cite> as its{" "}
        <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong>.
      </p>
      <p className="muted invite-terms">
        {invitation.email !== null && <>This invitation is for {invitation.email}. </>}
        It can be accepted until <time dateTime={invitation.expiresAt.toISOString()}>{formatDateTime(invitation.expiresAt.toISOString())}</time>.
      </p>
      {principal ? (
        <AcceptInvitationForm secret={secret} />
      ) : (
        <div className="stack">
          <Link className="button" href={`/sign-in?${query}`}>
            Sign in to accept
          </Link>
          <Link className="button secondary" href={`/sign-up?${query}`}>
            Create an account
          </Link>
        </div>
      )}
    </>
  );
}
