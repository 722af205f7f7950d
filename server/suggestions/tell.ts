import type { NewNotification } from "../inbox/notify";

/** A new suggestion is news to the book's owner, whose text it would change; never to its own author. */
export function whoToTellOfSuggestion(suggestion: { bookId: string; suggestionId: string; authorId: string; owner: string }): NewNotification[] {
  if (suggestion.owner === suggestion.authorId) return [];
  return [{ userId: suggestion.owner, kind: "suggestion", bookId: suggestion.bookId, actorId: suggestion.authorId, suggestionId: suggestion.suggestionId }];
}

/** A decision is news to each suggestion's author, once per suggestion, unless they decided it themselves. */
export function whoToTellOfDecision(decided: readonly { id: string; authorId: string | null }[], decision: { bookId: string; deciderId: string; state: "accepted" | "rejected" }): NewNotification[] {
  return decided.flatMap((suggestion) =>
    !suggestion.authorId || suggestion.authorId === decision.deciderId
      ? []
      : [{ userId: suggestion.authorId, kind: decision.state === "accepted" ? ("suggestion_accepted" as const) : ("suggestion_rejected" as const), bookId: decision.bookId, actorId: decision.deciderId, suggestionId: suggestion.id }],
  );
}
