import type { Command } from "commander";
import { z } from "zod";
import { context } from "../context";
import { printRows } from "../output";

// Read loosely: the full schema lives with the conversion code on the server.
const formatSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    extensions: z.array(z.string()),
    mediaType: z.string(),
    read: z.boolean(),
    write: z.boolean(),
    engine: z.unknown().optional(),
  })
  .loose();
type Format = z.infer<typeof formatSchema>;

export function registerFormats(program: Command): void {
  program
    .command("formats")
    .description("every document format the server reads and writes")
    .action(async (_options: unknown, command: Command) => {
      const { client, json } = context(command);
      const formats = await client.data("GET", "/api/v1/convert/formats", {}, z.array(formatSchema));
      printRows<Format>(json, formats, [
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
