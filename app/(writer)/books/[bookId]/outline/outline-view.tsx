"use client";

import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { filterOutline } from "@/server/plan/outline-filter";
import { PLAN_STATUSES, type OutlineDto, type OutlineFilters, type PlanDto, type PlanItemDto, type UpdatePlanInput } from "@/server/plan/schemas";
import { useFormatter, useTranslations } from "use-intl";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "./outline.module.css";
import { sceneName } from "@/app/_components/scene-name";

type SaveState = { state: "idle" } | { state: "saving" } | { state: "saved"; what: What; title: string } | { state: "error"; message: string };
const KIND_PATH = { part: "parts", chapter: "chapters", scene: "scenes" } as const;
/** What a change saved, named in the line above the table. */
type What = "synopsis" | "pov" | "status" | "labels" | "plotlines" | "target";
const FILTER_KEYS = ["pov", "plotline", "label", "status"] as const;

/** An item's title as the writer wrote it; an untitled scene named in the page's language. */
function itemTitle(common: Parameters<typeof sceneName>[0], item: PlanItemDto): string {
  return item.kind === "scene" ? sceneName(common, { title: item.title, position: item.scenePosition }) : item.title;
}

/**
 * The outline table (decision 0500): each row a part, chapter or scene in reading order. Those who
 * plan edit a row in place — the synopsis and target save on blur or Enter, the selects and
 * checkboxes on change — and the line above the table says what was saved, as the editor's
 * indicator does. Filters live in the URL (replaced, not pushed) so that a link keeps them.
 */
export function OutlineView({ bookId, language, initial, plans, initialFilters }: { bookId: string; language: string; initial: OutlineDto; plans: boolean; initialFilters: OutlineFilters }) {
  const [items, setItems] = useState(initial.items);
  const [filters, setFilters] = useState<OutlineFilters>(initialFilters);
  const [save, setSave] = useState<SaveState>({ state: "idle" });
  const update = trpc.plan.update.useMutation();
  const t = useTranslations("outline");
  const common = useTranslations("common");
  const { describeProblem } = useProblems();
  const shown = useMemo(() => filterOutline(items, filters), [items, filters]);
  const names = useMemo(() => new Map([...initial.characters, ...initial.plotlines, ...initial.labels].map((named) => [named.id, named.name])), [initial]);

  useEffect(() => {
    const url = new URL(window.location.href);
    for (const key of FILTER_KEYS) {
      const value = filters[key];
      if (value === undefined) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [filters]);

  function change(item: PlanItemDto, changes: UpdatePlanInput, what: What) {
    setSave({ state: "saving" });
    update.mutate(
      { bookId, kind: KIND_PATH[item.kind], itemId: item.id, changes },
      {
        onSuccess: (saved) => {
          setItems((current) => current.map((row) => (row.kind === saved.kind && row.id === saved.id ? { ...row, plan: saved.plan } : row)));
          setSave({ state: "saved", what, title: itemTitle(common, item) });
        },
        onError: (error) => setSave({ state: "error", message: describeProblem(error)?.message ?? t("notSavedFallback") }),
      },
    );
  }

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => setFilters((current) => ({ ...current, [key]: value === "" ? undefined : value }));
  const filtering = FILTER_KEYS.some((key) => filters[key] !== undefined);

  return (
    <section aria-label={t("region")}>
      <form className={styles.filters} aria-label={t("filtersLabel")} onSubmit={(event) => event.preventDefault()}>
        <FilterSelect label={t("filter.pov")} value={filters.pov} onChange={(value) => setFilter("pov", value)} options={initial.characters.map((c) => [c.id, c.name])} />
        <FilterSelect label={t("filter.plotline")} value={filters.plotline} onChange={(value) => setFilter("plotline", value)} options={initial.plotlines.map((p) => [p.id, p.name])} />
        <FilterSelect label={t("filter.label")} value={filters.label} onChange={(value) => setFilter("label", value)} options={initial.labels.map((l) => [l.id, l.name])} />
        <FilterSelect label={t("filter.status")} value={filters.status} onChange={(value) => setFilter("status", value)} options={[...PLAN_STATUSES, "none" as const].map((s) => [s, t(`status.${s}`)])} />
        {filtering && (
          <button type="button" className="button ghost small" onClick={() => setFilters({})}>
            {t("clearFilters")}
          </button>
        )}
        <span className={styles.saveState} data-state={save.state} data-testid="outline-save-state" role={save.state === "error" ? "alert" : "status"}>
          {save.state === "saving" && t("saving")}
          {save.state === "saved" && t("saved", { what: t(`what.${save.what}`, { title: save.title }) })}
          {save.state === "error" && t("notSaved", { message: save.message })}
        </span>
      </form>
      {items.length === 0 ? (
        <p className="empty-title">{t("empty")}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("column.item")}</th>
                <th scope="col">{t("column.synopsis")}</th>
                <th scope="col">{t("column.pov")}</th>
                <th scope="col">{t("column.status")}</th>
                <th scope="col">{t("column.labels")}</th>
                <th scope="col">{t("column.plotlines")}</th>
                <th scope="col">{t("column.words")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <OutlineRow key={`${item.kind}:${item.id}`} item={item} language={language} outline={initial} names={names} plans={plans} onChange={(changes, what) => change(item, changes, what)} />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className={styles.none}>{t("noMatch")}</p>}
        </div>
      )}
    </section>
  );
}

function FilterSelect({ label, value, options, onChange }: { label: string; value: string | undefined; options: [string, string][]; onChange(value: string): void }) {
  // A label beside its select, not around it: wrapped, the select's shown option would join its name.
  const id = `outline-filter-${useId()}`;
  const t = useTranslations("outline");
  return (
    <span className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("filter.any")}</option>
        {options.map(([optionId, name]) => (
          <option key={optionId} value={optionId}>
            {name}
          </option>
        ))}
      </select>
    </span>
  );
}

function OutlineRow({
  item,
  language,
  outline,
  names,
  plans,
  onChange,
}: {
  item: PlanItemDto;
  language: string;
  outline: OutlineDto;
  names: Map<string, string>;
  plans: boolean;
  onChange(changes: UpdatePlanInput, what: What): void;
}) {
  const t = useTranslations("outline");
  const common = useTranslations("common");
  const format = useFormatter();
  const { plan } = item;
  const title = itemTitle(common, item);
  const label = t("rowLabel", { kind: t(`kind.${item.kind}`), title });
  const words = format.number(item.wordCount);
  const target = plan.targetWords === null ? null : plan.targetWords;
  const reached = target !== null ? Math.min(100, Math.round((item.wordCount / target) * 100)) : null;
  return (
    <tr className={`${styles[item.kind]}${item.matches ? "" : ` ${styles.context}`}`} data-kind={item.kind} data-item={item.id} data-matches={item.matches}>
      <th scope="row" className={styles.item}>
        <span className={styles.kind}>{t(`kind.${item.kind}`)}</span> <span lang={item.title.trim() ? language : undefined}>{title}</span>
      </th>
      <td>
        {plans ? <SynopsisField plan={plan} label={label} language={language} onSave={(synopsis) => onChange({ synopsis }, "synopsis")} /> : <span lang={language}>{plan.synopsis}</span>}
      </td>
      <td>
        {plans ? (
          <PovSelect label={label} povId={plan.povId} characters={outline.characters} onSave={(povId) => onChange({ povId }, "pov")} />
        ) : (
          (plan.povId && names.get(plan.povId)) ?? "—"
        )}
      </td>
      <td>
        {plans ? (
          <select aria-label={t("statusOf", { item: label })} value={plan.status ?? ""} onChange={(event) => onChange({ status: (event.target.value || null) as PlanDto["status"] }, "status")}>
            <option value="">—</option>
            {PLAN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        ) : (
          (plan.status && t(`status.${plan.status}`)) ?? "—"
        )}
      </td>
      <td>
        <LinkChoice what={t("labelsOf", { item: label })} chosen={plan.labelIds} choices={outline.labels} names={names} plans={plans} onSave={(labelIds) => onChange({ labelIds }, "labels")} />
      </td>
      <td>
        <LinkChoice what={t("plotlinesOf", { item: label })} chosen={plan.plotlineIds} choices={outline.plotlines} names={names} plans={plans} onSave={(plotlineIds) => onChange({ plotlineIds }, "plotlines")} />
      </td>
      <td className={styles.words}>
        <span>{words}</span> /{" "}
        {plans ? <TargetField target={target} label={label} onSave={(targetWords) => onChange({ targetWords }, "target")} /> : <span>{target === null ? "—" : format.number(target)}</span>}
        {reached !== null && <meter className={styles.meter} min={0} max={100} value={reached} aria-label={t("reached", { percent: reached })} />}
      </td>
    </tr>
  );
}

/**
 * The POV: until the select is focused it holds only the chosen character, and the whole cast comes
 * when it is focused (by keyboard or pointer): a 700-row outline would otherwise draw the cast on
 * every row (bench/plan.mjs).
 */
function PovSelect({ label, povId, characters, onSave }: { label: string; povId: string | null; characters: { id: string; name: string }[]; onSave(povId: string | null): void }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? characters : characters.filter((c) => c.id === povId);
  const t = useTranslations("outline");
  return (
    <select aria-label={t("povOf", { item: label })} value={povId ?? ""} onFocus={() => setExpanded(true)} onPointerDown={() => setExpanded(true)} onChange={(event) => onSave(event.target.value || null)}>
      <option value="">—</option>
      {shown.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** The synopsis, saved when the field is left or on Enter (Shift+Enter: a new line), only when it changed. */
function SynopsisField({ plan, label, language, onSave }: { plan: PlanDto; label: string; language: string; onSave(synopsis: string): void }) {
  const [text, setText] = useState(plan.synopsis);
  const commit = () => text !== plan.synopsis && onSave(text);
  const t = useTranslations("outline");
  return (
    <textarea
      className={styles.synopsis}
      aria-label={t("synopsisOf", { item: label })}
      lang={language}
      rows={2}
      maxLength={5000}
      value={text}
      placeholder={t("synopsisPlaceholder")}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

function TargetField({ target, label, onSave }: { target: number | null; label: string; onSave(target: number | null): void }) {
  const [text, setText] = useState(target === null ? "" : String(target));
  const t = useTranslations("outline");
  const commit = () => {
    const next = text.trim() === "" ? null : Number(text);
    if (next === target || (next !== null && (!Number.isInteger(next) || next < 1))) return;
    onSave(next);
  };
  return (
    <input
      className={styles.target}
      type="number"
      inputMode="numeric"
      min={1}
      step={100}
      aria-label={t("targetOf", { item: label })}
      value={text}
      placeholder="—"
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === "Enter" && (event.preventDefault(), commit())}
    />
  );
}

/** Labels or plotlines: the chosen ones as chips, and for those who plan a disclosure of checkboxes, saved on each toggle. */
function LinkChoice({
  what,
  chosen,
  choices,
  names,
  plans,
  onSave,
}: {
  /** "Labels of the chapter “…”", for the disclosure's hidden name */
  what: string;
  chosen: string[];
  choices: { id: string; name: string; colour: string }[];
  names: Map<string, string>;
  plans: boolean;
  onSave(ids: string[]): void;
}) {
  // The checkboxes are drawn only once the disclosure opens: a 700-row outline would otherwise draw
  // every label and plotline on every row (bench/plan.mjs).
  const [open, setOpen] = useState(false);
  const colours = new Map(choices.map((choice) => [choice.id, choice.colour]));
  const chips = chosen.map((id) => (
    <span key={id} className={styles.chip} style={{ borderColor: colours.get(id) }}>
      <span className={styles.swatch} style={{ background: colours.get(id) }} aria-hidden="true" />
      {names.get(id) ?? "?"}
    </span>
  ));
  if (!plans || choices.length === 0) return <span className={styles.chips}>{chips.length > 0 ? chips : "—"}</span>;
  return (
    <details className={styles.choice} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className={styles.chips}>{chips.length > 0 ? chips : "—"}</span>
        <span className="visually-hidden">{what}</span>
      </summary>
      {open && (
      <fieldset>
        <legend className="visually-hidden">{what}</legend>
        {choices.map((choice) => (
          <label key={choice.id} className={styles.option}>
            <input
              type="checkbox"
              checked={chosen.includes(choice.id)}
              onChange={(event) => onSave(event.target.checked ? [...chosen, choice.id] : chosen.filter((id) => id !== choice.id))}
            />
            <span className={styles.swatch} style={{ background: choice.colour }} aria-hidden="true" />
            {choice.name}
          </label>
        ))}
      </fieldset>
      )}
    </details>
  );
}
