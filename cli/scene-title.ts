/**
 * A scene as the CLI names it: the writer's title, or "Scene N" (its place in its chapter) for one
 * left untitled. The API answers the stored title ("" untitled) and the place, so that each page
 * and client words an untitled scene in its own language (decision 0516); the CLI speaks English.
 */
export function sceneTitle(title: string | null, position: number | null): string {
  return title?.trim() || `Scene ${position ?? 1}`;
}
