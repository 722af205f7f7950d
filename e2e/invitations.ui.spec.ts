// Issue 36 item 1 (decision 0487): the owner invites with a link from the members panel; a second,
// signed-out browser opens it, creates an account on the way, comes back to it, accepts, and finds
// the book among their books with the role. A withdrawn link is refused on the page; an e-mail
// invitation's sign-up has its address filled in.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newBook } from "./editor-support";
import { newWriter, SIGNED_OUT } from "./support";

const invitePanel = (page: Page) => page.getByRole("form", { name: "Invite someone" });

async function invite(page: Page, role: string, email?: string): Promise<string> {
  const form = invitePanel(page);
  await form.getByLabel("Invite as").selectOption(role);
  if (email) await form.getByLabel("E-mail (optional)").fill(email);
  const link = page.getByRole("textbox", { name: "Invitation link" });
  // The link shown before, if any: the new one must replace it.
  const before = (await link.count()) > 0 ? await link.inputValue() : "";
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(link).toHaveValue(/\/invite\/[\w-]{43}$/);
  await expect(link).not.toHaveValue(before);
  return link.inputValue();
}

test("a link invitation: the guest signs up on the way, accepts once, and has the book with the role; a withdrawn link is refused", async ({ page, browser, baseURL }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: "The tide came in." }]);
  const bookId = chapter!.bookId;
  await page.goto(`/books/${bookId}`);
  const bookTitle = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  const link = await invite(page, "editor");
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem")).toHaveCount(1);
  await page.screenshot({ path: "test-results/invitations-owner-link.png", fullPage: true });

  // A second person, signed out, opens the link.
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "You are invited" })).toBeVisible();
  await expect(guest.getByText(bookTitle)).toBeVisible();
  await expect(guest.getByText("as its editor")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Sign in to accept" })).toBeVisible();
  await guest.screenshot({ path: "test-results/invitations-signed-out.png", fullPage: true });

  // They have no account: they make one, and come back to the invitation.
  await guest.getByRole("link", { name: "Create an account" }).click();
  const writer = newWriter("guest");
  await guest.getByLabel("Name").fill(writer.name);
  await guest.getByLabel("E-mail").fill(writer.email);
  await guest.getByLabel("Password").fill(writer.password);
  await guest.getByRole("button", { name: "Create account" }).click();
  await expect(guest).toHaveURL(link);
  await guest.screenshot({ path: "test-results/invitations-signed-in.png", fullPage: true });
  await guest.getByRole("button", { name: "Accept" }).click();
  await expect(guest).toHaveURL(new RegExp(`/books/${bookId}$`));

  await guest.goto("/books");
  const entry = guest.getByRole("listitem").filter({ has: guest.getByRole("link", { name: bookTitle }) });
  await expect(entry.getByText("Editor", { exact: true })).toBeVisible();
  // Used once: the link now says so, and the owner's list of pending invitations is empty.
  await guest.goto(link);
  await expect(guest.getByText(/This invitation was already accepted/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);

  // A withdrawn link is refused on its page.
  const withdrawn = await invite(page, "viewer");
  await page.getByRole("button", { name: "Withdraw the invitation link (viewer)" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  const stranger = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(withdrawn);
  await expect(strangerPage.getByText("This invitation was withdrawn by the book's owner.")).toBeVisible();
  await expect(strangerPage.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  await strangerPage.screenshot({ path: "test-results/invitations-withdrawn.png", fullPage: true });

  // An e-mail invitation: sign-up comes with its address filled in.
  const invitee = newWriter("invitee");
  const forOne = await invite(page, "beta_reader", invitee.email);
  await strangerPage.goto(forOne);
  await expect(strangerPage.getByText(`This invitation is for ${invitee.email}.`)).toBeVisible();
  await strangerPage.getByRole("link", { name: "Create an account" }).click();
  await expect(strangerPage.getByLabel("E-mail")).toHaveValue(invitee.email);
  await context.close();
  await stranger.close();
});
