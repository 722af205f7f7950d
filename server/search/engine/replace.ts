import { contextOf } from "./context";
import { findAll } from "./find";
import type { Matcher } from "./pattern";
import { inCaseOf } from "./preserve-case";

export interface ReplaceSpec {
  replacement: string;
  preserveCase: boolean;
  /** a regular expression's replacement may name its captures: $1 … $99, ${1}, $& (the whole hit), $$ (a dollar) */
  regex: boolean;
}

/** The replacement for one hit, captures filled in and in the hit's case if asked. */
export function replacementFor(matched: string, groups: (string | undefined)[], spec: ReplaceSpec): string {
  const text = spec.regex ? expandCaptures(spec.replacement, matched, groups) : spec.replacement;
  return spec.preserveCase ? inCaseOf(matched, text) : text;
}

function expandCaptures(template: string, matched: string, groups: (string | undefined)[]): string {
  // A hand-written scanner: one pass over the template.
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c !== "$" || i + 1 >= template.length) {
      out += c;
      continue;
    }
    const next = template[i + 1]!;
    if (next === "$") {
      out += "$";
      i++;
    } else if (next === "&") {
      out += matched;
      i++;
    } else if (next === "{") {
      const close = template.indexOf("}", i + 2);
      const number = close > 0 ? template.slice(i + 2, close) : "";
      if (/^\d{1,2}$/.test(number)) {
        out += Number(number) === 0 ? matched : (groups[Number(number) - 1] ?? "");
        i = close;
      } else out += c;
    } else if (next >= "0" && next <= "9") {
      let digits = next;
      const after = template[i + 2];
      // Two digits only when such a capture exists ($12 with one capture is $1 then "2").
      if (after !== undefined && after >= "0" && after <= "9" && Number(next + after) <= groups.length) digits += after;
      out += Number(digits) === 0 ? matched : (groups[Number(digits) - 1] ?? "");
      i += digits.length;
    } else out += c;
  }
  return out;
}

export interface PlannedHit {
  hitId: string;
  start: number;
  end: number;
  before: string;
  match: string;
  after: string;
  replacement: string;
}

/** A hit's id: the same for the same text at the same version, so a preview's choices apply to it. */
export const hitIdOf = (field: string, start: number) => `${field}:${start}`;

/** Every hit of one field with its replacement; hits whose replacement equals them are left out (nothing would change). */
export function planField(field: string, text: string, matcher: Matcher, spec: ReplaceSpec, onHit: () => void): PlannedHit[] {
  const hits: PlannedHit[] = [];
  findAll(text, matcher, ({ start, end, groups }) => {
    const match = text.slice(start, end);
    const replacement = replacementFor(match, groups, spec);
    if (replacement === match) return;
    onHit();
    const context = contextOf(text, start, end);
    hits.push({ hitId: hitIdOf(field, start), start, end, before: context.before, match, after: context.after, replacement });
  });
  return hits;
}

/** The field with its hits replaced, but for those skipped; and how many were replaced. */
export function applyToField(
  field: string,
  text: string,
  matcher: Matcher,
  spec: ReplaceSpec,
  skip: ReadonlySet<string>,
  onHit: () => void,
): { text: string; replaced: number } {
  const parts: string[] = [];
  let last = 0;
  let replaced = 0;
  findAll(text, matcher, ({ start, end, groups }) => {
    const match = text.slice(start, end);
    const replacement = replacementFor(match, groups, spec);
    if (replacement === match) return;
    // Counted as the preview counts: every hit that would change, skipped or not.
    onHit();
    if (skip.has(hitIdOf(field, start))) return;
    parts.push(text.slice(last, start), replacement);
    last = end;
    replaced++;
  });
  parts.push(text.slice(last));
  return { text: replaced === 0 ? text : parts.join(""), replaced };
}
