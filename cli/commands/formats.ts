import type { Command } from "commander";
import { z } from "zod";
import { formatSchema, type FormatDto } from "../../server/convert/schemas";
import { context } from "../context";
import { printRows } from "../output";

export function registerFormats(program: Command): void {
  program
    .command("formats")
    .description("every document format the server reads and writes")
    .action(async (_options: unknown, command: Command) => {
      const { client, json } = context(command);
      const formats = await client.data("GET", "/api/v1/convert/formats", {}, z.array(formatSchema));
      printRows<FormatDto>(json, formats, [
        { heading: "id", value: (f) => f.id },
        { heading: "name", value: (f) => f.name },
        { heading: "extensions", value: (f) => f.extensions.join(" ") },
        { heading: "media type", value: (f) => f.mediaType },
        { heading: "read", value: (f) => (f.read ? "yes" : "") },
        { heading: "write", value: (f) => (f.write ? "yes" : "") },
        { heading: "engine", value: (f) => f.engine },
      ]);
    });
}
