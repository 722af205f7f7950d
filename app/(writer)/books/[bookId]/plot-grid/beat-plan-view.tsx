"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { BeatDto, BeatPlanDto } from "@/server/beats/schemas";
import { sceneName } from "../../../../_components/scene-name";
import { beatName, builtInTemplateWords } from "../../../templates/_components/report-words";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "./plot-grid.module.css";
import { useDates } from "@/app/_i18n/use-dates";

type Status = { state: "idle" } | { state: "working" } | { state: "done"; sentence: string } | { state: "error"; message: string };

/**
 * The beat plan (decision 0507): a structure template applied over the book, each beat with the
 * chapter (or scene) it is planned on — a select, for those who plan — beside the chapter where the
 * newest run of the template's analysis finds it, and how many chapters apart the two are. A
 * built-in template's name and beats are shown in the page's language, as the analysis pages show
 * them (decision 0512: by its slug and each beat's place); a writer's template and beats as written.
 */
export function BeatPlanView({
  bookId,
  language,
  initial,
  templates,
  chapters,
  scenes,
  plans,
}: {
  bookId: string;
  language: string;
  initial: BeatPlanDto | null;
  templates: { id: string; slug: string; name: string; builtIn: boolean }[];
  chapters: { id: string; number: number; title: string }[];
  scenes: { id: string; chapterId: string; title: string; position: number }[];
  plans: boolean;
}) {
  const t = useTranslations("plotGrid.beats");
  const common = useTranslations("common");
  const locale = useLocale();
  const dates = useDates();
  const { describeProblem } = useProblems();
  const [plan, setPlan] = useState(initial);
  const [template, setTemplate] = useState(initial?.templateId ?? templates[0]?.id ?? "");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const apply = trpc.beats.applyTemplate.useMutation();
  const move = trpc.beats.move.useMutation();
  const selectId = useId();
  // The built-in templates' slugs, by id: their words are the catalog's (the plan keeps the stored English).
  const slugOf = (templateId: string) => templates.find((option) => option.id === templateId && option.builtIn)?.slug ?? null;
  const templateName = (templateId: string, name: string) => builtInTemplateWords(locale, slugOf(templateId))?.name ?? name;
  const beatNameOf = (beat: BeatDto) => (plan ? beatName(locale, slugOf(plan.templateId), beat.name) : beat.name);
  const failed = (error: unknown) => setStatus({ state: "error", message: describeProblem(error, { withDetail: "fields" })?.message ?? "" });

  function applyTemplate() {
    setStatus({ state: "working" });
    apply.mutate(
      { bookId, template },
      {
        onSuccess: (applied) => {
          setPlan(applied);
          setStatus({ state: "done", sentence: t("applied", { template: templateName(applied.templateId, applied.templateName) }) });
        },
        onError: failed,
      },
    );
  }

  function moveBeat(beat: BeatDto, value: string) {
    const [kind, id] = value.split(":") as ["chapter" | "scene", string];
    setStatus({ state: "working" });
    move.mutate(
      { bookId, beatId: beat.id, place: kind === "scene" ? { sceneId: id } : { chapterId: id } },
      {
        onSuccess: (moved) => {
          setPlan(moved);
          setStatus({ state: "done", sentence: t("moved", { beat: beatNameOf(beat) }) });
        },
        onError: failed,
      },
    );
  }

  const scenesOf = (chapterId: string) => scenes.filter((scene) => scene.chapterId === chapterId);
  const plannedValue = (beat: BeatDto) => (beat.planned ? (beat.planned.sceneId ? `scene:${beat.planned.sceneId}` : `chapter:${beat.planned.chapterId}`) : "");

  return (
    <section className={styles.beats} aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>{t("heading")}</h2>
      <p className="lede">{t("lede")}</p>
      {plans &&
        (templates.length === 0 ? (
          <p className="hint">{t("noTemplates")}</p>
        ) : (
          <form
            className={styles.apply}
            onSubmit={(event) => {
              event.preventDefault();
              applyTemplate();
            }}
          >
            <label htmlFor={selectId}>{t("template")}</label>
            <select id={selectId} value={template} onChange={(event) => setTemplate(event.target.value)}>
              {templates.map((option) => (
                <option key={option.id} value={option.id}>
                  {templateName(option.id, option.name)}
                </option>
              ))}
            </select>
            <button type="submit" className="button secondary small" disabled={status.state === "working" || template === ""}>
              {plan ? t("reapply") : t("apply")}
            </button>
            {plan && <span className="hint">{t("replaceWarning")}</span>}
          </form>
        ))}
      <p className={styles.saveState} data-state={status.state === "error" ? "error" : status.state} data-testid="beat-plan-status" role={status.state === "error" ? "alert" : "status"}>
        {status.state === "working" && t("working")}
        {status.state === "done" && status.sentence}
        {status.state === "error" && status.message}
      </p>
      {plan === null ? (
        <p className="empty-title">{t("none")}</p>
      ) : (
        <>
          <p>
            {t("from", { template: templateName(plan.templateId, plan.templateName), placedBy: plan.placedBy })}{" "}
            {plan.analysis ? (
              t("analysis", { when: plan.analysis.finishedAt ? dates.dateTime(plan.analysis.finishedAt) : "—" })
            ) : (
              <>
                {t("noAnalysis")} <a href={`/analyze/${bookId}`}>{t("toAnalysis")}</a>
              </>
            )}
          </p>
          <table className={styles.beatsTable} aria-label={t("tableLabel")}>
            <thead>
              <tr>
                <th scope="col">{t("beat")}</th>
                <th scope="col">{t("usually")}</th>
                <th scope="col">{t("planned")}</th>
                <th scope="col">{t("found")}</th>
                <th scope="col">{t("apart")}</th>
              </tr>
            </thead>
            <tbody>
              {plan.beats.map((beat) => (
                <tr key={beat.id} data-testid={`beat-${beat.position}`}>
                  <th scope="row">{beatNameOf(beat)}</th>
                  <td>{t("percent", { value: beat.target })}</td>
                  <td>
                    {plans ? (
                      <select aria-label={t("moveLabel", { beat: beatNameOf(beat) })} value={plannedValue(beat)} onChange={(event) => moveBeat(beat, event.target.value)} disabled={status.state === "working"}>
                        {beat.planned === null && <option value="">{t("unplaced")}</option>}
                        {chapters.map((chapter) => [
                          <option key={chapter.id} value={`chapter:${chapter.id}`}>
                            {t("chapterOption", { number: chapter.number, title: chapter.title })}
                          </option>,
                          ...scenesOf(chapter.id).map((scene) => (
                            <option key={scene.id} value={`scene:${scene.id}`}>
                              {t("sceneOption", { title: sceneName(common, scene) })}
                            </option>
                          )),
                        ])}
                      </select>
                    ) : beat.planned ? (
                      <span lang={language}>
                        {t("chapterOption", { number: beat.planned.chapterNumber, title: beat.planned.chapterTitle })}
                        {beat.planned.sceneId !== null ? ` ${t("sceneOption", { title: sceneName(common, { title: beat.planned.sceneTitle, position: beat.planned.scenePosition }) })}` : ""}
                      </span>
                    ) : (
                      t("unplaced")
                    )}
                    {beat.moved && <span className={styles.moved}>{t("movedMark")}</span>}
                  </td>
                  <td lang={language}>{beat.found ? t("chapterOption", { number: beat.found.chapterNumber, title: beat.found.chapterTitle }) : t("notFound")}</td>
                  <td className={styles.apart} data-apart={beat.chaptersApart === null ? "none" : beat.chaptersApart === 0 ? "0" : "off"}>
                    {beat.chaptersApart === null
                      ? t("notFound")
                      : beat.chaptersApart === 0
                        ? t("onPlan")
                        : beat.chaptersApart > 0
                          ? t("later", { count: beat.chaptersApart })
                          : t("earlier", { count: -beat.chaptersApart })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
