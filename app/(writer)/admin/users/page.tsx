import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { actsForEveryone } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { jobsCollection, listJobs } from "@/server/jobs/list-jobs";
import { accountsCollection, listAccounts } from "@/server/users/list-accounts";
import { requirePrincipal } from "../../../_components/require-principal";
import { getDates, getT } from "../../../_i18n/server";
import { AccountsTable } from "./accounts-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("title") };
}

/**
 * The server's accounts, for its admin (issue 34 item 6, decision 0483): disable or enable one,
 * change its role, reset a forgotten password, sign it out everywhere, delete it; and the job queue,
 * every account's. A writer is told there is no such page, as the API tells them 403.
 */
export default async function UsersPage() {
  const principal = await requirePrincipal("/admin/users");
  if (!actsForEveryone(principal)) notFound();
  const [accounts, jobs, t, dates] = await Promise.all([
    listAccounts(defaultCollectionOptions(accountsCollection, { perPage: 100 }), principal),
    listJobs(defaultCollectionOptions(jobsCollection, { perPage: 20 }), principal),
    getT("admin"),
    getDates(),
  ]);
  const emails = new Map(accounts.items.map((account) => [account.id, account.email]));
  return (
    <div>
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="muted lede section-intro">{t("lede")}</p>
      <section aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">{t("accounts")}</h2>
        <AccountsTable initial={accounts} me={principal.userId} />
      </section>
      <section aria-labelledby="queue-heading" className="settings-part">
        <h2 id="queue-heading">{t("queue.heading")}</h2>
        {jobs.total === 0 ? (
          <p className="muted">{t("queue.empty")}</p>
        ) : (
          <>
            <p className="muted section-intro">{t("queue.latest", { shown: jobs.items.length, total: jobs.total })}</p>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("queue.kind")}</th>
                  <th scope="col">{t("queue.account")}</th>
                  <th scope="col">{t("queue.status")}</th>
                  <th scope="col">{t("queue.queued")}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.items.map((job) => (
                  <tr key={job.id}>
                    <th scope="row">
                      <code>{job.kind}</code>
                    </th>
                    <td>{emails.get(job.ownerId) ?? job.ownerId}</td>
                    <td>{t(`queue.statuses.${job.status}`)}</td>
                    <td>
                      <time dateTime={job.createdAt}>{dates.dateTime(job.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}
