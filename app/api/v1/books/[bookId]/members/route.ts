// GET, POST /api/v1/books/{bookId}/members — the book's people; the owner adds one
import { routeHandlers } from "@/server/http/route-handlers";
import { addMemberEndpoint, listMembersEndpoint } from "@/server/http/endpoints/members";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(listMembersEndpoint, addMemberEndpoint);
