// PATCH, DELETE /api/v1/books/{bookId}/members/{userId} — the owner changes a role or removes a member
import { routeHandlers } from "@/server/http/route-handlers";
import { removeMemberEndpoint, updateMemberEndpoint } from "@/server/http/endpoints/members";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(updateMemberEndpoint, removeMemberEndpoint);
