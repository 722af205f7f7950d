/**
 * A writer's claim that their EPUB meets an accessibility standard (issue 37 item 3, decision 0485
 * amended): Inkstone cannot evaluate the writer's text, so it never claims a level by itself; a
 * writer whose book has been evaluated names the level and who evaluated it, and the EPUB carries
 * both (`dcterms:conformsTo`, `a11y:certifiedBy`), as EPUB Accessibility 1.1 asks of a claim.
 */
export const CONFORMANCE_LEVELS = [
  "EPUB Accessibility 1.1 - WCAG 2.1 Level A",
  "EPUB Accessibility 1.1 - WCAG 2.1 Level AA",
  "EPUB Accessibility 1.1 - WCAG 2.2 Level A",
  "EPUB Accessibility 1.1 - WCAG 2.2 Level AA",
] as const;
export type ConformanceLevel = (typeof CONFORMANCE_LEVELS)[number];

export interface AccessibilityClaim {
  conformsTo: ConformanceLevel;
  /** the person or organisation that evaluated the book */
  certifiedBy: string;
  /** the evaluator's credential, e.g. a certification they hold */
  credential: string | null;
  /** where the evaluation's report can be read */
  report: string | null;
}
