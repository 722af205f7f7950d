import { z } from "zod";
import { createTemplate } from "../../analysis/create-template";
import { deleteTemplate } from "../../analysis/delete-template";
import { getTemplate } from "../../analysis/get-template";
import { installTemplate } from "../../analysis/install-template";
import { listInstalledTemplates } from "../../analysis/list-installed-templates";
import {
  createTemplateInput,
  installTemplateInput,
  patchTemplateInput,
  replaceTemplateInput,
  TEMPLATE_REQUIRED_ATTRIBUTES,
  TEMPLATE_WRITABLE_ATTRIBUTES,
  templateIdParams,
  templateSchema,
  templateSummarySchema,
  type TemplateDto,
} from "../../analysis/schemas";
import { SEARCH_QUERY_MAX, searchTemplates, templatesCollection } from "../../analysis/search-templates";
import { uninstallTemplate } from "../../analysis/uninstall-template";
import { updateTemplate } from "../../analysis/update-template";
import { actsForEveryone } from "../../auth/scopes";
import { validatorsOf } from "../../preconditions";
import { defineEndpoint, defineListEndpoint } from "../endpoint";

/** Templates' definitions can be long; a body over this is not a template anyone writes by hand. */
const TEMPLATE_BODY_LIMIT = 256 * 1024;

// GET /api/v1/analysis/search — find templates
export const searchTemplatesEndpoint = defineListEndpoint({
  path: "/api/v1/analysis/search",
  summary: "Search templates: every word of q in the name, summary or tags, best matches first (published ones and your own)",
  operation: "analysis.search",
  collection: templatesCollection,
  query: z.object({ q: z.string().max(SEARCH_QUERY_MAX, `at most ${SEARCH_QUERY_MAX} characters`).optional().describe("words to find; without q, the most installed first") }),
  success: { status: 200, description: "one page of templates", schema: z.array(templateSummarySchema) },
  list: ({ q }, options, principal) => searchTemplates({ ...options, q }, principal),
});

// GET /api/v1/analysis/installed — the caller's library
export const listInstalledTemplatesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/analysis/installed",
  summary: "List the templates in your library, most recently installed first",
  operation: "analysis.installed",
  auth: "required",
  success: { status: 200, description: "your installed templates", schema: z.array(templateSummarySchema) },
  run: (_, principal) => listInstalledTemplates(principal),
});

// POST /api/v1/analysis/install — add a template to the caller's library
export const installTemplateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/analysis/install",
  summary: "Install a template into your library (installing again changes nothing)",
  operation: "analysis.install",
  auth: "required",
  body: { schema: installTemplateInput },
  success: { status: 201, description: "the template, installed", schema: templateSchema },
  // Another writer's draft is as missing as an unknown id.
  errors: ["not_found"],
  run: installTemplate,
});

// DELETE /api/v1/analysis/installed/{templateId} — remove a template from the caller's library
export const uninstallTemplateEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/analysis/installed/{templateId}",
  summary: "Remove a template from your library (results of its runs stay)",
  operation: "analysis.uninstall",
  auth: "required",
  params: templateIdParams,
  success: { status: 204, description: "removed" },
  run: uninstallTemplate,
});

// POST /api/v1/analysis — create a template
export const createTemplateEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/analysis",
  summary: "Create a template of your own (a draft unless published is true)",
  operation: "analysis.create",
  auth: "required",
  body: { schema: createTemplateInput, maxBytes: TEMPLATE_BODY_LIMIT },
  writableAttributes: TEMPLATE_WRITABLE_ATTRIBUTES,
  preconditions: "collection",
  success: { status: 201, description: "the new template", schema: templateSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  run: createTemplate,
});

// GET /api/v1/analysis/{templateId} — one template with its definition
export const getTemplateEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/analysis/{templateId}",
  summary: "Read a template with its description and definition",
  operation: "analysis.get",
  auth: "required",
  params: templateIdParams,
  // Strong: a hash of the template as this caller reads it (installs, installed and the author's name included).
  success: { status: 200, description: "the template", schema: templateSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  // As updateTemplate decides: the author changes it all; an admin may only unpublish another's.
  changeable: (record, principal) => {
    const template = record as TemplateDto;
    if (template.author?.id === principal.userId) return "all";
    return actsForEveryone(principal) && template.published ? ["published"] : [];
  },
  run: getTemplate,
});

function updateTemplateEndpoint<M extends "PUT" | "PATCH", B extends z.ZodType & (typeof replaceTemplateInput | typeof patchTemplateInput)>(method: M, schema: B, summary: string) {
  return defineEndpoint({
    method,
    path: "/api/v1/analysis/{templateId}",
    summary,
    operation: "analysis.update",
    auth: "required",
    params: templateIdParams,
    body: { schema, maxBytes: TEMPLATE_BODY_LIMIT, under: "changes" },
    writableAttributes: TEMPLATE_WRITABLE_ATTRIBUTES,
    requiredAttributes: method === "PUT" ? TEMPLATE_REQUIRED_ATTRIBUTES : undefined,
    readOnly: method === "PUT" ? { resource: templateSchema, current: ({ params, principal }) => getTemplate(params, principal) } : undefined,
    preconditions: true,
    success: { status: 201, description: "the template as saved", schema: templateSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
    errors: ["forbidden"],
    run: updateTemplate,
  });
}

// PUT /api/v1/analysis/{templateId} — replace your template
export const replaceTemplateEndpoint = updateTemplateEndpoint(
  "PUT",
  replaceTemplateInput,
  "Replace your template: name, category and definition are required; published stays as it was when left out",
);

// PATCH /api/v1/analysis/{templateId} — change some attributes; {published} publishes or unpublishes
export const patchTemplateEndpoint = updateTemplateEndpoint(
  "PATCH",
  patchTemplateInput,
  "Change some of your template's attributes; {published} alone publishes or unpublishes (an admin may unpublish anyone's)",
);

// DELETE /api/v1/analysis/{templateId} — delete your template
export const deleteTemplateEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/analysis/{templateId}",
  summary: "Delete your template (it leaves every library; kept results stay readable)",
  operation: "analysis.delete",
  auth: "required",
  params: templateIdParams,
  preconditions: true,
  success: { status: 204, description: "deleted" },
  errors: ["forbidden"],
  run: deleteTemplate,
});
