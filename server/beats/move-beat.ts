import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { beatPlanOf } from "./beat-plan";
import type { BeatPlanDto, MoveBeatInput } from "./schemas";

/**
 * PATCH /api/v1/books/{bookId}/beat-plan/beats/{beatId} — the writer moves a beat to another
 * chapter, or onto a scene (and so its chapter). A beat the plan does not have is 404; a chapter or
 * scene the book does not have, or one in the trash, 422 naming the field: they are what the body
 * names, as the plan's links are (decision 0500). Answers the whole plan, since the comparison of
 * the moved beat changes with it.
 */
export async function moveBeat(input: { bookId: string; beatId: string; place: MoveBeatInput }, principal: Principal): Promise<BeatPlanDto> {
  authorize(principal, "beats.move");
  const book = await loadBook(principal, input.bookId, "beats.move");
  return bookTransaction(book.id, async (trx) => {
    const beat = await trx
      .selectFrom("BeatPlacement")
      .innerJoin("BeatPlan", "BeatPlan.id", "BeatPlacement.beatPlanId")
      .select(["BeatPlacement.id"])
      .where("BeatPlacement.id", "=", input.beatId)
      .where("BeatPlan.bookId", "=", book.id)
      .executeTakeFirst();
    if (!beat) throw new AppError("not_found", "This book's beat plan has no beat with this id.");

    let place: { chapterId: string; sceneId: string | null };
    if (input.place.sceneId !== undefined) {
      const scene = await trx
        .selectFrom("Scene")
        .innerJoin("Chapter", "Chapter.id", "Scene.chapterId")
        .select(["Scene.id", "Scene.chapterId", "Chapter.deletedAt"])
        .where("Scene.id", "=", input.place.sceneId)
        .where("Scene.bookId", "=", book.id)
        .executeTakeFirst();
      if (!scene) throw new AppError("validation_failed", "The beat can only go on a scene of this book.", [{ path: "sceneId", message: `${input.place.sceneId} is not a scene of this book` }]);
      if (scene.deletedAt) throw new AppError("validation_failed", "That scene's chapter is in the trash.", [{ path: "sceneId", message: "restore its chapter first, or choose another scene" }]);
      place = { chapterId: scene.chapterId, sceneId: scene.id };
    } else {
      const chapter = await trx.selectFrom("Chapter").select(["id", "deletedAt"]).where("id", "=", input.place.chapterId!).where("bookId", "=", book.id).executeTakeFirst();
      if (!chapter) throw new AppError("validation_failed", "The beat can only go on a chapter of this book.", [{ path: "chapterId", message: `${input.place.chapterId} is not a chapter of this book` }]);
      if (chapter.deletedAt) throw new AppError("validation_failed", "That chapter is in the trash.", [{ path: "chapterId", message: "restore it first, or choose another chapter" }]);
      place = { chapterId: chapter.id, sceneId: null };
    }
    const now = new Date();
    await trx.updateTable("BeatPlacement").set({ ...place, movedAt: now }).where("id", "=", beat.id).execute();
    await trx.updateTable("BeatPlan").set({ updatedAt: now }).where("bookId", "=", book.id).execute();
    return (await beatPlanOf(trx, book, principal))!;
  });
}
