import { createSuggestionEndpoint, decideChapterEndpoint, decideSuggestionEndpoint, getSuggestionEndpoint, listSuggestionsEndpoint } from "../../http/endpoints/suggestions";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const suggestionsRouter = router({
  list: listProcedureOf(listSuggestionsEndpoint),
  create: procedureOf(createSuggestionEndpoint),
  get: procedureOf(getSuggestionEndpoint),
  decide: procedureOf(decideSuggestionEndpoint),
  decideChapter: procedureOf(decideChapterEndpoint),
});
