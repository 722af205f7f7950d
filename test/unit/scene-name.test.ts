// @module-tag shared
import { describe, expect, it } from "vitest";
import { sceneName } from "@/app/_components/scene-name";
import { translatorFor } from "@/i18n/translator";

// Issue 32 item 1 (decision 0516): a page names a scene the writer left untitled in its own language,
// from its place in its chapter; the writer's own title, in whatever language, is shown as written.
describe("a scene's name on a page", () => {
  const english = translatorFor("en", "common");
  const chinese = translatorFor("zh-CN", "common");

  it("is the writer's title when there is one, in either interface", () => {
    for (const words of [english, chinese]) {
      expect(sceneName(words, { title: "Harbour", position: 2 })).toBe("Harbour");
      expect(sceneName(words, { title: "  渡口 ", position: 2 })).toBe("渡口");
    }
  });

  it("is Scene N in English and 第 N 场 in Chinese when the scene is untitled", () => {
    expect(sceneName(english, { title: "", position: 2 })).toBe("Scene 2");
    expect(sceneName(chinese, { title: "", position: 2 })).toBe("第 2 场");
    expect(sceneName(chinese, { title: "   ", position: 12 })).toBe("第 12 场");
    // A beat planned on the chapter itself has no scene title; a place unknown reads as the first.
    expect(sceneName(chinese, { title: null, position: null })).toBe("第 1 场");
  });
});
