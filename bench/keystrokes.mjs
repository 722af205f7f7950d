// Keystroke to paint in a CodeMirror editor, as the editor benchmarks measure it (bench/editor.mjs,
// bench/bible-marks.mjs).

/**
 * Types `keys` keys at the end of `line` (a Playwright locator on the page's editor) and returns
 * each key's keydown timestamp to just after the frame that shows it, in ms, sorted. Latin keys
 * (a word, then a space): an input method's commit fires no keydown to time from, so a Chinese
 * chapter is typed in with them too.
 */
export async function keystrokesToPaint(page, line, keys) {
  await page.evaluate(() => {
    window.__latencies = [];
    addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => window.__latencies.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  });
  await line.click();
  await page.keyboard.press("End");
  for (let k = 0; k < keys; k++) {
    await page.keyboard.press(k % 6 === 5 ? "Space" : "KeyA");
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(300);
  return (await page.evaluate(() => window.__latencies)).sort((a, b) => a - b);
}
