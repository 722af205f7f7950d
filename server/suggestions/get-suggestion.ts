import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { SuggestionDto } from "./schemas";
import { loadSuggestion } from "./suggestions";

// GET /api/v1/books/{bookId}/suggestions/{suggestionId}
export async function getSuggestion(input: { bookId: string; suggestionId: string }, principal: Principal): Promise<SuggestionDto> {
  authorize(principal, "suggestions.get");
  return (await loadSuggestion(principal, input, "suggestions.get")).suggestion;
}
