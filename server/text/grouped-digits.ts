/**
 * A number as English writes it, thousands grouped with commas ("20,000", "1,234.5"): what
 * `toLocaleString("en")` gives for the numbers written here, without ICU, whose first use costs a
 * process about 12 ms of CPU. Schema messages are built when a module loads, so every `inkstone`
 * command paid that for messages it never showed (decision 0527). Imports nothing: the CLI shares it.
 */
export function groupedDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = "", fraction] = String(Math.abs(value)).split(".");
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let start = grouped.length; start < whole.length; start += 3) grouped += `,${whole.slice(start, start + 3)}`;
  return `${value < 0 ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
