/**
 * A module loaded when first asked for, rather than with the module that names it: for a package
 * most processes never use, whose load every server start and every test file would otherwise pay
 * (pg where the database is SQLite, nodemailer where no e-mail is sent, the interface's words
 * where nothing speaks to a person; decision 0518). Its types stay static (`import type`).
 *
 *     const mailer = lazy(() => import("nodemailer"));
 *     … (await mailer()).default.createTransport(…)
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
