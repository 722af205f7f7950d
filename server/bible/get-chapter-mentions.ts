import type { Principal } from "../auth/principal";
import type { ChapterMentionsDto } from "./schemas";
import { AppError } from "../errors";

export async function getChapterMentions(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ChapterMentionsDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
