/**
 * The words a chapter ends on to keep a reader turning the page (a 钩子, 断章): the storyteller's
 * formula of the classical novels (且听下文分解, 欲知后事如何), the web novel's kin of it (下回分解,
 * 请看下章, 他不知道的是…) and the English serial's ("To be continued"). A chapter can end on a plain
 * statement (`。`) and still on a hook: the mark of its last sentence cannot tell.
 *
 * Every cue is found with indexOf on the chapter's last lines, never a regular expression: the text
 * is the writer's, of any length and shape, and each search is linear in it.
 */

/** A cue that stands alone: the chapter's last lines holding it end on a hook. */
const FIXED_CUES = [
  // 章回小说's formula and its variants
  "且听下文分解",
  "下文分解",
  "下回分解",
  "欲知后事如何",
  "预知后事如何",
  "要知后事如何",
  "后事如何",
  "且看下文",
  "且看下回",
  "请看下回",
  "请看下章",
  "下章再说",
  "下章分解",
  "且听下回",
  // 繁體 of the same, as a 繁體 book is written
  "且聽下文分解",
  "欲知後事如何",
  "後事如何",
  // the web novel's cut-offs: something unknown, about to happen, or happening at once
  "不知道的是",
  "没有人知道",
  "谁也没有想到",
  "谁也没想到",
  "万万没想到",
  "就在这时",
  "就在此时",
  "就在这一刻",
  "下一刻",
  "下一秒",
  "话音未落",
  "话音刚落",
  "到底是谁",
  "究竟是谁",
  "会是谁",
  "等待他的",
  "等待着他的",
  "等待她的",
  "等待着她的",
  // English serials
  "to be continued",
  "little did",
  "what happened next",
  "and then everything changed",
] as const;

/**
 * A cue in two parts, as the formula's question is written around a name or a deed (毕竟董卓性命如何,
 * 未知胜负如何, 不知此人是谁): the opener, then the closer within `span` characters after it.
 */
const PAIRED_CUES: readonly { open: string; close: readonly string[]; span: number }[] = [
  { open: "毕竟", close: ["如何", "怎样", "是谁", "何人", "死活", "生死"], span: 16 },
  { open: "畢竟", close: ["如何", "怎樣", "是誰", "何人", "死活", "生死"], span: 16 },
  { open: "未知", close: ["如何", "怎样", "怎樣", "是谁", "是誰", "何人", "性命"], span: 16 },
  { open: "不知", close: ["如何", "怎样", "怎樣", "是谁", "是誰", "何人", "性命"], span: 16 },
];

/** How much of a chapter's end is read for a cue: the formula closes the last paragraph, in its last lines. */
export const HOOK_TAIL_CHARACTERS = 120;

/**
 * The hook a chapter's ending holds, as written (the cue found, first in the text), or null. `tail`
 * is the chapter's last lines; only its last HOOK_TAIL_CHARACTERS are read, so the cost is bounded
 * whatever the chapter.
 */
export function hookCueOf(tail: string): string | null {
  const text = tail.length > HOOK_TAIL_CHARACTERS ? tail.slice(-HOOK_TAIL_CHARACTERS) : tail;
  const lower = text.toLowerCase();
  let best: { at: number; cue: string } | null = null;
  const consider = (at: number, cue: string) => {
    if (at >= 0 && (!best || at < best.at || (at === best.at && cue.length > best.cue.length))) best = { at, cue };
  };
  for (const cue of FIXED_CUES) {
    const at = lower.indexOf(cue);
    if (at >= 0) consider(at, text.slice(at, at + cue.length));
  }
  for (const { open, close, span } of PAIRED_CUES) {
    // Each opener in the tail, each closer looked for once after it: |close| × indexOf over a bounded tail.
    for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + open.length)) {
      const window = text.slice(at, at + open.length + span);
      let end = -1;
      for (const closer of close) {
        const found = window.indexOf(closer, open.length);
        if (found >= 0 && (end < 0 || found + closer.length < end)) end = found + closer.length;
      }
      if (end > 0) {
        consider(at, window.slice(0, end));
        break;
      }
    }
  }
  return (best as { at: number; cue: string } | null)?.cue ?? null;
}
