import { z } from "zod";
import { fieldCheck } from "../errors";
import { storableText } from "./storable-text";

// A lone surrogate (half of a UTF-16 pair) is valid in a JavaScript string and in JSON, but no
// UTF-8 text column can hold it: the database driver failed on it with a 500. isWellFormed finds
// one natively (a pattern with the `u` flag took 90 ms over a 20 MiB document). PostgreSQL's
// text cannot hold U+0000 either (SQLite's can), so no engine gets it.
const NUL = "\u0000";

/**
 * Every string the server stores is built on this: text that is well-formed Unicode. One rule for
 * every field, REST and tRPC alike, so a lone surrogate is a 422 naming its field.
 */
export function storedText() {
  return z
    .string()
    .refine((text) => text.isWellFormed(), fieldCheck("loneSurrogate", "must be well-formed Unicode text (it holds a lone surrogate)"))
    .refine((text) => !text.includes(NUL), fieldCheck("nulCharacter", "must not hold the NUL character (U+0000)"))
    // Other control characters come with pasted text, and are dropped rather than refused: the
    // save keeps every word (storable-text.ts).
    .overwrite(storableText);
}

/** The size of a string in UTF-8, counted without encoding it (the browser's editor uses it too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point beyond the BMP
      i++;
    } else bytes += 3;
  }
  return bytes;
}
