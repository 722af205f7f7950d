import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { actsForEveryone } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { jobsCollection, listJobs } from "@/server/jobs/list-jobs";
import { accountsCollection, listAccounts } from "@/server/users/list-accounts";
import { formatDateTime } from "../../../_components/format";
import { requirePrincipal } from "../../../_components/require-principal";
import { AccountsTable } from "./accounts-table";

export const metadata: Metadata = { title: "Users" };

/**
 * The server's accounts, for its admin (issue 34 item 6, decision 0483): disable or enable one,
 * change its role, reset a forgotten password, sign it out everywhere, delete it; and the job queue,
 * every account's. A writer is told there is no such page, as the API tells them 403.
 */
export default async function UsersPage() {
  const principal = await requirePrincipal("/admin/users");
  if (!actsForEveryone(principal)) notFound();
  const [accounts, jobs] = await Promise.all([
    listAccounts(defaultCollectionOptions(accountsCollection, { perPage: 100 }), principal),
    listJobs(defaultCollectionOptions(jobsCollection, { perPage: 20 }), principal),
  ]);
  const emails = new Map(accounts.items.map((account) => [account.id, account.email]));
  return (
    <div>
      <p className="eyebrow">Admin</p>
      <h1>Users</h1>
      <p className="muted lede section-intro">
        Everyone with an account on this server. A disabled account cannot sign in, and its tokens stop working at once; a reset
        password is shown to you once, to hand to its writer.
      </p>
      <section aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Accounts</h2>
        <AccountsTable initial={accounts} me={principal.userId} />
      </section>
      <section aria-labelledby="queue-heading" className="settings-part">
        <h2 id="queue-heading">Job queue</h2>
        {jobs.total === 0 ? (
          <p className="muted">No job is queued, running or kept.</p>
        ) : (
          <>
            <p className="muted section-intro">
              The latest {jobs.items.length} of {jobs.total} jobs not yet expired, every account&rsquo;s.
            </p>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Account</th>
                  <th scope="col">Status</th>
                  <th scope="col">Queued</th>
                </tr>
              </thead>
              <tbody>
                {jobs.items.map((job) => (
                  <tr key={job.id}>
                    <th scope="row">
                      <code>{job.kind}</code>
                    </th>
                    <td>{emails.get(job.ownerId) ?? job.ownerId}</td>
                    <td>{job.status}</td>
                    <td>
                      <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
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
