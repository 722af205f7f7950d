import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { FORMATS } from "./engine";
import type { FormatDto } from "./schemas";

// GET /api/v1/convert/formats — every format, with what Inkstone can do with it.
export function listFormats(principal: Principal): FormatDto[] {
  authorize(principal, "convert.formats");
  return FORMATS.map(({ id, name, extensions, mediaType, read, write, engine }) => ({
    id,
    name,
    extensions: [...extensions],
    mediaType,
    read,
    write,
    engine,
  }));
}
