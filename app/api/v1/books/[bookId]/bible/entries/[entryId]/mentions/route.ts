// GET …/entries/{entryId}/mentions — where an entry is named
import { routeHandlers } from "@/server/http/route-handlers";
import { entryMentionsEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(entryMentionsEndpoint);
