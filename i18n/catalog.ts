import enBooks from "./messages/en/books.json";
import enCommon from "./messages/en/common.json";
import enErrors from "./messages/en/errors.json";
import zhBooks from "./messages/zh-CN/books.json";
import zhCommon from "./messages/zh-CN/common.json";
import zhErrors from "./messages/zh-CN/errors.json";
import type { Locale } from "./locales";

/**
 * Every word of the interface, by language and namespace (decision 0504). English is the shape:
 * a Chinese catalog that lacks a key English has does not compile, and test/unit/i18n-catalog.test.ts
 * refuses extra keys and messages whose {arguments} differ. A namespace is one feature's words; add
 * one with a line per language here.
 */
const en = {
  common: enCommon,
  errors: enErrors,
  books: enBooks,
};

export type Messages = typeof en;

const zhCN: Messages = {
  common: zhCommon,
  errors: zhErrors,
  books: zhBooks,
};

export const MESSAGES: Record<Locale, Messages> = { en, "zh-CN": zhCN };
