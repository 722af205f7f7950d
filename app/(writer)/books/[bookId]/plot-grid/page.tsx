import type { Metadata } from "next";
import Link from "next/link";
import { getProblems, getT } from "@/app/_i18n/server";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { beatTemplates } from "@/server/beats/beat-templates";
import { getBeatPlan } from "@/server/beats/get-beat-plan";
import type { BeatPlanDto } from "@/server/beats/schemas";
import { getBook } from "@/server/books/get-book";
import { AppError } from "@/server/errors";
import { getPlotGrid } from "@/server/plot-grid/get-plot-grid";
import { listScenes } from "@/server/scenes/list-scenes";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { loadOrRefused, Refused } from "../_components/book-subpage";
import { BeatPlanView } from "./beat-plan-view";
import { PlotGridView } from "./plot-grid-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getT("plotGrid");
  const principal = await pagePrincipal();
  const book = principal ? await getBook({ bookId: (await params).bookId }, principal).catch(() => null) : null;
  return { title: book ? t("metaTitle", { book: book.title }) : t("title") };
}

/** The beat plan, or null when the book has none yet; a role that may not read it is told so by the page. */
async function beatPlanFor(bookId: string, principal: Principal): Promise<BeatPlanDto | null> {
  try {
    return await getBeatPlan({ bookId }, principal);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}

/**
 * /books/{bookId}/plot-grid (issue 35 items 3 and 4, decisions 0506 and 0507): the plotlines × the
 * chapters, each cell its scenes and a note edited in place by those who plan; below, the beat plan
 * beside where the analysis finds each beat, for the roles that read the draft.
 */
export default async function PlotGridPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/plot-grid`);
  const t = await getT("plotGrid");
  const problems = await getProblems();
  const loaded = await loadOrRefused(async () => {
    const book = await getBook({ bookId }, principal);
    const readsDraft = roleMayDo(book.role, "readDraft");
    const [grid, beats, templates, scenes] = await Promise.all([
      getPlotGrid({ bookId }, principal),
      readsDraft ? beatPlanFor(bookId, principal) : null,
      readsDraft ? beatTemplates(principal) : [],
      readsDraft ? listScenes({ bookId }, principal) : [],
    ]);
    return { book, grid, beats, templates, scenes, readsDraft };
  }, problems.sentence);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, grid, beats, templates, scenes, readsDraft } = loaded;
  const plans = roleMayDo(book.role, "editPlan");
  return (
    <>
      <BookSubpageHead book={book} title={t("title")} lede={t("lede")}>
        {!plans && <p className="hint">{t("readOnly")}</p>}
      </BookSubpageHead>
      {grid.plotlines.length === 0 ? (
        <div className="empty">
          <p className="empty-title">{t("noPlotlines")}</p>
          <Link href={`/books/${book.id}/outline`}>{t("toOutline")}</Link>
        </div>
      ) : grid.chapters.length === 0 ? (
        <p className="empty-title">{t("noChapters")}</p>
      ) : (
        <PlotGridView bookId={book.id} language={book.language} initial={grid} />
      )}
      {readsDraft ? (
        <BeatPlanView
          bookId={book.id}
          language={book.language}
          initial={beats}
          templates={templates}
          chapters={grid.chapters}
          scenes={scenes.map((scene) => ({ id: scene.id, chapterId: scene.chapterId, title: scene.title, position: scene.position }))}
          plans={plans}
        />
      ) : (
        <p className="hint">{t("beats.readDraftOnly")}</p>
      )}
    </>
  );
}
