"use client";

import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { filterOutline } from "@/server/plan/outline-filter";
import { PLAN_STATUSES, type OutlineDto, type OutlineFilters, type PlanDto, type PlanItemDto, type UpdatePlanInput } from "@/server/plan/schemas";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import styles from "./outline.module.css";

type SaveState = { state: "idle" } | { state: "saving" } | { state: "saved"; what: string } | { state: "error"; message: string };
const KIND_PATH = { part: "parts", chapter: "chapters", scene: "scenes" } as const;
const STATUS_NAMES: Record<string, string> = { idea: "Idea", outline: "Outline", draft: "Draft", revised: "Revised", done: "Done", none: "No status" };
const FILTER_KEYS = ["pov", "plotline", "label", "status"] as const;

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

  function change(item: PlanItemDto, changes: UpdatePlanInput, what: string) {
    setSave({ state: "saving" });
    update.mutate(
      { bookId, kind: KIND_PATH[item.kind], itemId: item.id, changes },
      {
        onSuccess: (saved) => {
          setItems((current) => current.map((row) => (row.kind === saved.kind && row.id === saved.id ? { ...row, plan: saved.plan } : row)));
          setSave({ state: "saved", what: `${what} of “${item.title}”` });
        },
        onError: (error) => setSave({ state: "error", message: describeProblem(error)?.message ?? "The change was not saved." }),
      },
    );
  }

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => setFilters((current) => ({ ...current, [key]: value === "" ? undefined : value }));
  const filtering = FILTER_KEYS.some((key) => filters[key] !== undefined);

  return (
    <section aria-label="Outline">
      <form className={styles.filters} aria-label="Filter the outline" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect label="POV" value={filters.pov} onChange={(value) => setFilter("pov", value)} options={initial.characters.map((c) => [c.id, c.name])} />
        <FilterSelect label="Plotline" value={filters.plotline} onChange={(value) => setFilter("plotline", value)} options={initial.plotlines.map((p) => [p.id, p.name])} />
        <FilterSelect label="Label" value={filters.label} onChange={(value) => setFilter("label", value)} options={initial.labels.map((l) => [l.id, l.name])} />
        <FilterSelect label="Status" value={filters.status} onChange={(value) => setFilter("status", value)} options={[...PLAN_STATUSES, "none"].map((s) => [s, STATUS_NAMES[s]!])} />
        {filtering && (
          <button type="button" className="button ghost small" onClick={() => setFilters({})}>
            Clear filters
          </button>
        )}
        <span className={styles.saveState} data-state={save.state} data-testid="outline-save-state" role={save.state === "error" ? "alert" : "status"}>
          {save.state === "saving" && "Saving…"}
          {save.state === "saved" && `Saved: ${save.what}`}
          {save.state === "error" && `Not saved — ${save.message}`}
        </span>
      </form>
      {items.length === 0 ? (
        <p className="empty-title">This book has no chapters yet: its outline starts with the first one.</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">Parts, chapters and scenes in reading order, with their plans</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Synopsis</th>
                <th scope="col">POV</th>
                <th scope="col">Status</th>
                <th scope="col">Labels</th>
                <th scope="col">Plotlines</th>
                <th scope="col">Words / target</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <OutlineRow key={`${item.kind}:${item.id}`} item={item} language={language} outline={initial} names={names} plans={plans} onChange={(changes, what) => change(item, changes, what)} />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className={styles.none}>Nothing in the outline matches these filters.</p>}
        </div>
      )}
    </section>
  );
}

function FilterSelect({ label, value, options, onChange }: { label: string; value: string | undefined; options: [string, string][]; onChange(value: string): void }) {
  // A label beside its select, not around it: wrapped, the select's shown option would join its name.
  const id = `outline-filter-${useId()}`;
  return (
    <span className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
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
  onChange(changes: UpdatePlanInput, what: string): void;
}) {
  const { plan } = item;
  const label = `${item.kind} “${item.title}”`;
  const words = item.wordCount.toLocaleString();
  const target = plan.targetWords === null ? null : plan.targetWords;
  const reached = target !== null ? Math.min(100, Math.round((item.wordCount / target) * 100)) : null;
  return (
    <tr className={`${styles[item.kind]}${item.matches ? "" : ` ${styles.context}`}`} data-kind={item.kind} data-item={item.id} data-matches={item.matches}>
      <th scope="row" className={styles.item}>
        <span className={styles.kind}>{item.kind}</span> <span lang={language}>{item.title}</span>
      </th>
      <td>
        {plans ? <SynopsisField plan={plan} label={label} language={language} onSave={(synopsis) => onChange({ synopsis }, "the synopsis")} /> : <span lang={language}>{plan.synopsis}</span>}
      </td>
      <td>
        {plans ? (
          <PovSelect label={label} povId={plan.povId} characters={outline.characters} onSave={(povId) => onChange({ povId }, "the POV")} />
        ) : (
          (plan.povId && names.get(plan.povId)) ?? "—"
        )}
      </td>
      <td>
        {plans ? (
          <select aria-label={`Status of the ${label}`} value={plan.status ?? ""} onChange={(event) => onChange({ status: (event.target.value || null) as PlanDto["status"] }, "the status")}>
            <option value="">—</option>
            {PLAN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        ) : (
          (plan.status && STATUS_NAMES[plan.status]) ?? "—"
        )}
      </td>
      <td>
        <LinkChoice what="Labels" label={label} chosen={plan.labelIds} choices={outline.labels} names={names} plans={plans} onSave={(labelIds) => onChange({ labelIds }, "the labels")} />
      </td>
      <td>
        <LinkChoice what="Plotlines" label={label} chosen={plan.plotlineIds} choices={outline.plotlines} names={names} plans={plans} onSave={(plotlineIds) => onChange({ plotlineIds }, "the plotlines")} />
      </td>
      <td className={styles.words}>
        <span>{words}</span> /{" "}
        {plans ? <TargetField target={target} label={label} onSave={(targetWords) => onChange({ targetWords }, "the target")} /> : <span>{target === null ? "—" : target.toLocaleString()}</span>}
        {reached !== null && <meter className={styles.meter} min={0} max={100} value={reached} aria-label={`${reached}% of the target`} />}
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
  return (
    <select aria-label={`POV of the ${label}`} value={povId ?? ""} onFocus={() => setExpanded(true)} onPointerDown={() => setExpanded(true)} onChange={(event) => onSave(event.target.value || null)}>
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
  return (
    <textarea
      className={styles.synopsis}
      aria-label={`Synopsis of the ${label}`}
      lang={language}
      rows={2}
      maxLength={5000}
      value={text}
      placeholder="What happens…"
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
      aria-label={`Target words of the ${label}`}
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
  label,
  chosen,
  choices,
  names,
  plans,
  onSave,
}: {
  what: string;
  label: string;
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
        <span className="visually-hidden">
          {what} of the {label}
        </span>
      </summary>
      {open && (
      <fieldset>
        <legend className="visually-hidden">
          {what} of the {label}
        </legend>
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
