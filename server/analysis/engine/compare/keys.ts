/**
 * Every series key of the registry, in its order, for the schemas that REST, tRPC and the CLI
 * share: importing the registry itself would bundle the engine (and its lexicons) into the CLI. A
 * unit test holds the two lists equal.
 */
export const COMPARE_SERIES_KEYS = [
  "chapter-words",
  "dialogue-share",
  "pacing-action",
  "pacing-introspection",
  "pacing-narration",
  "speakers",
  "lead-speaker",
  "sentence-length",
  "readability",
  "clause-length",
  "emotion",
  "emotion-zh",
  "hook-type",
  "beats",
] as const;
