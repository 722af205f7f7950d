import type { Metadata } from "next";
import Link from "next/link";
import { sessionPrincipal } from "@/server/auth/session";
import { previewInvitation } from "@/server/members/preview-invitation";
import { AcceptInvitationForm } from "./accept-form";

// The link is a credential: no Referer carries it to another page or site.
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

const ROLE_NAMES = { co_author: "co-author", editor: "editor", beta_reader: "beta reader", viewer: "viewer" } as const;

const ENDED = {
  unknown: "This invitation link is not valid. Check that it was copied whole, or ask for a new one.",
  accepted: "This invitation was already accepted: each one lets one person join. Ask the book's owner for a new one.",
  withdrawn: "This invitation was withdrawn by the book's owner.",
  expired: "This invitation has expired. Ask the book's owner for a new one.",
  book_deleted: "The book this invitation is to was deleted.",
} as const;

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
        <strong>{ROLE_NAMES[invitation.role]}</strong>.
      </p>
      <p className="muted invite-terms">
        {invitation.email !== null && <>This invitation is for {invitation.email}. </>}
        It can be accepted until {invitation.expiresAt.toUTCString()}.
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
