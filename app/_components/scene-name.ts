/** The `common` words a scene's name needs: useTranslations("common") in a client component, getT("common") on the server. */
type CommonWords = (key: "untitledScene", values: { position: number }) => string;

/**
 * A scene as a page names it (decision 0516): the writer's title, or, for a scene they left
 * untitled, its place in its chapter in the page's language ("Scene 2", "第 2 场"). The API keeps
 * the stored title ("" untitled) and the place, so every page and document words it in its own
 * language.
 */
export function sceneName(words: CommonWords, scene: { title: string | null; position: number | null }): string {
  return scene.title?.trim() || words("untitledScene", { position: scene.position ?? 1 });
}
