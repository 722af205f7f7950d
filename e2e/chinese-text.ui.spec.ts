import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { unzipSync } from "fflate";

// Issue 32 items 4 and 5 in the browser: a GB18030 manuscript imports through the Import dialog, a
// file in another encoding is refused in one clear message, and the export dialog writes the
// platforms' TXT as one file per chapter in GB18030.

const fixture = (name: string) => readFile(new URL(`../test/fixtures/convert/zh/${name}`, import.meta.url));

test("a GB18030 manuscript imports, another encoding is refused once, and the book exports as platform TXT", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  // KOI8-R Russian: every byte of it decodes as GB18030 too, and it is still refused.
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "роман.txt", mimeType: "text/plain", buffer: Buffer.from([0xf7, 0xd3, 0xc5, 0x20, 0xd3, 0xde, 0xc1, 0xd3, 0xd4, 0xcc, 0xc9, 0xd7, 0xd9, 0xc5, 0x2e, 0x0a]) });
  await dialog.getByRole("button", { name: "Import" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Inkstone cannot tell how that text file is encoded.");
  await expect(alert).toContainText("GB18030/GBK, Big5");
  expect((await alert.innerText()).match(/UTF-8 and try again/g)).toHaveLength(1);

  await dialog.getByLabel("Manuscript").setInputFiles({ name: "三国.txt", mimeType: "text/plain", buffer: await fixture("sanguo.gb18030.txt") });
  await dialog.getByLabel("Title").fill(`三国演义 ${Date.now()}`);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
  await expect(page.getByRole("list", { name: "Chapters" }).getByRole("link")).toHaveText(["第1章 宴桃园豪杰三结义 斩黄巾英雄首立功", "第2章 张翼德怒鞭督邮 何国舅谋诛宦竖", "第3章 议温明董卓叱丁原 馈金珠李肃说吕布"]);

  await page.getByRole("button", { name: "Export", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("txt");
  await dialog.getByLabel(/For web-novel platforms/).check();
  await dialog.getByLabel("A blank line between paragraphs").uncheck();
  await dialog.getByLabel(/Windows line endings/).check();
  await dialog.getByLabel("Encoding").selectOption("gb18030");
  await dialog.getByLabel(/One file per chapter/).check();
  await page.screenshot({ path: "test-results/export-platform-txt-dialog.png", fullPage: true });
  const file = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const done = await file;
  expect(done.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await done.path())!)));
  expect(Object.keys(files)).toEqual(["001 第1章 宴桃园豪杰三结义 斩黄巾英雄首立功.txt", "002 第2章 张翼德怒鞭督邮 何国舅谋诛宦竖.txt", "003 第3章 议温明董卓叱丁原 馈金珠李肃说吕布.txt"]);
  const second = new TextDecoder("gb18030", { fatal: true }).decode(files["002 第2章 张翼德怒鞭督邮 何国舅谋诛宦竖.txt"]);
  expect(second.startsWith("第2章 张翼德怒鞭督邮 何国舅谋诛宦竖\r\n　　且说董卓字仲颖")).toBe(true);
  for (const line of second.split("\r\n").slice(1, -1)) expect(line).toMatch(/^　　[^\s　]/);
});
