import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { newWriter, signUpViaApi, SIGNED_OUT } from "./support";

export { expect } from "@playwright/test";

const AUTH_DIR = path.join("e2e", ".auth");

/**
 * The Chinese interface's specs' `test` (issue 32 item 1, decision 0504): a browser that asks for
 * zh-CN, signed in as a writer of its own with a Chinese name, who never chose a language, so every
 * page speaks as the browser asks. Give the books and chapters Chinese titles too: then any Latin
 * word left on a page is one of ours.
 */
export const test = base.extend<object, { chineseStorageState: string }>({
  locale: "zh-CN",
  storageState: ({ chineseStorageState }, provide) => provide(chineseStorageState),
  chineseStorageState: [
    async ({ browser }, provide, workerInfo) => {
      const file = path.join(AUTH_DIR, `chinese-writer-${workerInfo.parallelIndex}.json`);
      const page = await browser.newPage({ storageState: SIGNED_OUT, baseURL: workerInfo.project.use.baseURL, locale: "zh-CN" });
      const writer = { ...newWriter(`zh${workerInfo.parallelIndex}`), name: "林晓" };
      await signUpViaApi(page.request, writer);
      await page.goto("/sign-in");
      await page.getByLabel("邮箱").fill(writer.email);
      await page.getByLabel("密码").fill(writer.password);
      await page.getByRole("button", { name: "登录" }).click();
      await page.getByRole("heading", { name: "我的作品" }).waitFor();
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
});

/** Latin words any language's interface writes alike: names of formats, standards and the product. */
const EVERY_LANGUAGE = new Set(["Inkstone", "Markdown", "Webhook", "Webhooks", "Token", "Bearer"]);
const LATIN_WORD = /[A-Za-z][A-Za-z'’]*/g;

/** An acronym (EPUB, DOCX, PDF, GB18030's GB, ISBN, WCAG, AA) or a word on the list above. */
const writtenAlike = (word: string) => EVERY_LANGUAGE.has(word) || /^[A-Z]{1,6}s?$/.test(word);

/**
 * The English a page still shows, with where: every text node, `title`, `aria-label`, `alt`,
 * `placeholder` and the document's title, except e-mail addresses and web addresses (an account's
 * e-mail is the writer's, not ours) and what `allowed` names (a fixture's own Latin words).
 */
export async function englishOn(page: Page, allowed: readonly string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.closest("script, style, noscript, template")) continue;
        for (const name of ["title", "aria-label", "alt", "placeholder"]) {
          const value = node.getAttribute(name);
          if (value) found.push(value);
        }
        if (node instanceof HTMLInputElement && (node.type === "submit" || node.type === "button") && node.value) found.push(node.value);
      } else if (node.textContent && !node.parentElement?.closest("script, style, noscript, template")) {
        found.push(node.textContent);
      }
    }
    return found;
  });
  const allow = new Set(allowed);
  const left: string[] = [];
  for (const text of texts) {
    const plain = text.replace(/\S+@\S+/g, " ").replace(/https?:\/\/\S+/g, " ");
    for (const word of plain.match(LATIN_WORD) ?? []) {
      if (!writtenAlike(word) && !allow.has(word)) left.push(`${word} — in “${text.trim().slice(0, 80)}”`);
    }
  }
  return [...new Set(left)];
}

/** Fails with every English word a page still shows (see englishOn). */
export async function expectNoEnglish(page: Page, allowed: readonly string[] = []): Promise<void> {
  expect(await englishOn(page, allowed), `English left on ${page.url()}`).toEqual([]);
}
