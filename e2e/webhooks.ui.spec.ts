import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { axe } from "./axe";
import { expect, test } from "./fixtures";

// Issue 33 item 9: a writer adds a webhook on the settings page, copies its secret, sends a test
// event that a real receiver here checks, sees how it went, and deletes it.
test.use({ bypassCSP: true });

let receiver: Server;
let address: string;
const received: { signature: string; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ signature: String(request.headers["inkstone-signature"]), body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now()}`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test("a webhook added on the settings page is tested, shows its delivery, and is deleted", async ({ page }) => {
  await page.goto("/settings/tokens");
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  await expect(page.getByText("No webhooks.")).toBeVisible();

  await page.getByLabel("Address").fill(address);
  await page.getByLabel("Description").fill("my notes app");
  await expect(page.getByRole("checkbox", { name: /chapter\.saved/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /job\.succeeded/ }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_/);

  const row = page.getByRole("row", { name: new RegExp(address.replaceAll(".", "\\.")) });
  await expect(row).toContainText("chapter.saved");
  await expect(row).toContainText("job.succeeded");
  await expect(row).toContainText("nothing sent yet");
  expect(await axe(page, "#webhooks", ["label-content-name-mismatch", "label", "nested-interactive", "color-contrast"])).toEqual([]);

  await page.getByRole("button", { name: `Send test to ${address}` }).click();
  await expect(row).toContainText("ping delivered");
  await expect(row).toContainText("answered 200");
  expect(received).toHaveLength(1);
  const [ping] = received;
  const [t, v1] = ping!.signature.split(",").map((part) => part.split("=")[1]);
  expect(createHmac("sha256", secret).update(`${t}.${ping!.body}`).digest("hex")).toBe(v1);
  expect(JSON.parse(ping!.body)).toMatchObject({ type: "ping" });

  await page.getByRole("button", { name: `Delete the webhook for ${address}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(address.replaceAll(".", "\\.")) })).toHaveCount(0);
});

test("an address that is not one is refused in the form, and nothing is added", async ({ page }) => {
  await page.goto("/settings/tokens");
  await page.getByLabel("Address").fill("ftp://example.com/hooks");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("The webhook was not added.");
  await expect(page.getByText("must be an http:// or https:// address")).toBeVisible();
});
