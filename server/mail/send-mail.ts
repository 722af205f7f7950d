import { env } from "../env";
import { lazy } from "../lazy";

/**
 * E-mail, only when the operator configures it (issue 36 item 7, decision 0487): an SMTP server
 * (INKSTONE_SMTP_URL, smtp:// or smtps://, with its credentials) and the sender's address
 * (INKSTONE_MAIL_FROM). Infrastructure: it knows no domain, it sends what it is given.
 */

/** A message: plain text always; an HTML part only if its caller escaped what it put in it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Why no e-mail can be sent on this server; null when one can. */
export function mailUnavailable(): string | null {
  if (!env.INKSTONE_SMTP_URL || !env.INKSTONE_MAIL_FROM) return "this server sends no e-mail: its operator has not set INKSTONE_SMTP_URL and INKSTONE_MAIL_FROM";
  return null;
}

// nodemailer is loaded with the first message: most servers and processes send none (decision 0518).
const transporter = lazy(async () => (await import("nodemailer")).default.createTransport(env.INKSTONE_SMTP_URL, { from: env.INKSTONE_MAIL_FROM }));

/** Sends a message through the configured SMTP server; throws when it is refused (the outbox retries). */
export async function sendMail(mail: Mail): Promise<void> {
  const why = mailUnavailable();
  if (why) throw new Error(`Cannot send e-mail: ${why}.`);
  await (await transporter()).sendMail({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html !== undefined && { html: mail.html }) });
}
