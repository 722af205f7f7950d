// PATCH, DELETE …/bible/relations/{relationId}
import { routeHandlers } from "@/server/http/route-handlers";
import { updateRelationEndpoint, deleteRelationEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(updateRelationEndpoint, deleteRelationEndpoint);
