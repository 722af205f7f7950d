// GET, PUT, DELETE …/entries/{entryId}/picture — an entry's picture
import { routeHandlers } from "@/server/http/route-handlers";
import { getPictureEndpoint, setPictureEndpoint, deletePictureEndpoint } from "@/server/http/endpoints/bible";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(getPictureEndpoint, setPictureEndpoint, deletePictureEndpoint);
