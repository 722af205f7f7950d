import type { Command } from "commander";
import { z } from "zod";
import { formatId } from "../../server/convert/schemas";
import { context } from "../context";
import { checkInput } from "../errors";
import { fileForm, writeOutput } from "../files";
import { printResult } from "../output";

export function registerConvert(program: Command): void {
  program
    .command("convert <input>")
    .description("convert a document from one format to another on the server (see inkstone formats)")
    .requiredOption("--to <format>", "the format to write")
    .option("--from <format>", "the input's format when its name does not tell")
    .option("--notes", "include the private notes (<!-- … -->) as bracketed text (kept as comments in Markdown)")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .addHelpText("after", "\nExample:\n  inkstone convert draft.docx --to epub -o draft.epub")
    .action(async (input: string, options: { to: string; from?: string; notes?: boolean; output: string }, command: Command) => {
      const { client, json } = context(command);
      checkInput(z.object({ to: formatId, from: formatId.optional() }), { to: options.to, from: options.from });
      const form = fileForm(input, { to: options.to, from: options.from || undefined });
      const query = options.notes ? { notes: "1" } : undefined;
      const file = await client.download("POST", "/api/v1/convert", { form, query, progress: "converting" });
      const where = writeOutput(file.bytes, options.output);
      if (options.output !== "-") printResult(json, { file: where, name: file.name, bytes: file.bytes.byteLength, mediaType: file.mediaType, job: file.jobId }, `Wrote ${where} (${file.bytes.byteLength} bytes).`);
    });
}
