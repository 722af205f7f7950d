"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { createTemplateInput, type TemplateDto } from "@/server/analysis/schemas";
import { Field, SelectField } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "../../../_trpc/client";
import styles from "./analysis.module.css";
import { jsonProblem } from "./json-problem";
import { categoryOptions, languageOptions } from "./labels";

/** What the editor knows of a probe: enough to offer it, its views and an example of its parameters. */
export interface ProbeChoice {
  id: string;
  name: string;
  description: string;
  views: string[];
  parameters: string[];
  example: string;
}

interface SectionDraft {
  id: string;
  title: string;
  probe: string;
  view: string;
  params: string;
}

const slug = (text: string, n: number) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || `section-${n}`;

/** The draft as the API would receive it; parameters that are not JSON stay text, so the schema names them. */
function candidate(meta: Record<string, string | boolean>, sections: SectionDraft[]) {
  return {
    ...meta,
    tags: String(meta.tags)
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    definition: {
      sections: sections.map((s) => {
        let params: unknown = s.params;
        try {
          params = JSON.parse(s.params || "{}");
        } catch {}
        return { id: s.id, title: s.title, probe: s.probe, view: s.view, params };
      }),
    },
  };
}

/** What json-problem.ts says JSON needed, by the catalog key that words it; punctuation (`":"`, `"," or "}"`) is shown as it is. */
const EXPECTED_KEYS: Record<string, "aName" | "closingQuote" | "closingQuoteLine" | "escape" | "value" | "end"> = {
  "a name in double quotes": "aName",
  "a closing quote": "closingQuote",
  "a closing quote (a line break inside a string is written \\n)": "closingQuoteLine",
  'an escape such as \\n, \\" or \\u00e9': "escape",
  'a value (a number, "text" in double quotes, true, false, null, { or [)': "value",
  "the end of the text": "end",
};

/** The form field an issue of the API's schema is about: `name`, `section-2-params`, `sections`. */
function fieldOf(path: PropertyKey[]): string {
  const [first, second, index, key] = path;
  if (first === "definition" && second === "sections") {
    if (typeof index !== "number") return "sections";
    return key === undefined ? `section-${index}` : `section-${index}-${String(key)}`;
  }
  return String(first ?? "template");
}

/**
 * The new-template form, and the edit form of one's own: live checks with the API's own schema,
 * each shown once its field has been left (or the form sent), never before anything is typed.
 */
export function TemplateEditor({ probes, template }: { probes: ProbeChoice[]; template?: TemplateDto }) {
  const router = useRouter();
  const t = useTranslations("analysis.editor");
  const words = useTranslations("analysis");
  const { describeProblem } = useProblems();
  const knows = (key: string) => words.has(key as Parameters<typeof words.has>[0]);
  // A probe named in the page's language (the probe's own English name is its API name).
  const probeName = (probe: ProbeChoice) => (knows(`probe.${probe.id}`) ? words(`probe.${probe.id}` as "probe.counts") : probe.name);
  const probeAbout = (probe: ProbeChoice) => (knows(`probeAbout.${probe.id}`) ? words(`probeAbout.${probe.id}` as "probeAbout.counts") : probe.description);
  const [meta, setMeta] = useState<Record<string, string | boolean>>({
    name: template?.name ?? "",
    summary: template?.summary ?? "",
    description: template?.description ?? "",
    category: template?.category ?? "structure",
    language: template?.language ?? "any",
    tags: template?.tags.join(", ") ?? "",
    published: template?.published ?? false,
  });
  const [sections, setSections] = useState<SectionDraft[]>(
    template?.definition.sections.map((s) => ({ id: s.id, title: s.title, probe: s.probe, view: s.view, params: JSON.stringify(s.params, null, 2) })) ?? [],
  );
  const [adding, setAdding] = useState(probes[0]?.id ?? "");
  const byId = useMemo(() => new Map(probes.map((p) => [p.id, p])), [probes]);

  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = (field: string) => () => setTouched((fields) => (fields.has(field) ? fields : new Set(fields).add(field)));
  const shown = (field: string) => submitted || touched.has(field);

  const draft = candidate(meta, sections);
  const checked = createTemplateInput.safeParse(draft);
  // Parameters that are not JSON are placed by line and column; the schema would only say "not an object".
  const badJson = new Map<string, string>();
  const issues: { field: string; text: string }[] = [];
  sections.forEach((section, index) => {
    const problem = jsonProblem(section.params || "{}");
    if (!problem) return;
    const expectedKey = EXPECTED_KEYS[problem.expected];
    const message = t("notJson", { line: problem.line, column: problem.column, expected: expectedKey ? t(`expected.${expectedKey}`) : problem.expected });
    badJson.set(`section-${index}-params`, message);
    issues.push({ field: `section-${index}-params`, text: t("sectionParameters", { number: index + 1, message }) });
  });
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = fieldOf(issue.path);
    if (!badJson.has(field)) issues.push({ field, text: `${issue.path.join(".") || "template"}: ${issue.message}` });
  }
  const live = issues.filter((i) => shown(i.field)).map((i) => i.text);

  const onSaved = (saved: TemplateDto) => router.push(`/templates/${saved.id}`);
  const create = trpc.analysis.create.useMutation({ onSuccess: onSaved });
  const update = trpc.analysis.update.useMutation({ onSuccess: onSaved });
  const mutation = template ? update : create;
  const problem = describeProblem(mutation.error, template ? "changes." : "");

  const set = (key: string) => (event: { currentTarget: { value: string } }) => setMeta({ ...meta, [key]: event.currentTarget.value });
  const change = (index: number, patch: Partial<SectionDraft>) => setSections(sections.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const move = (index: number, by: number) => {
    const next = [...sections];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setSections(next);
  };
  function addSection() {
    const probe = byId.get(adding);
    if (!probe) return;
    const taken = new Set(sections.map((s) => s.id));
    let id = slug(probe.id, sections.length + 1);
    for (let n = 2; taken.has(id); n++) id = `${slug(probe.id, n)}-${n}`;
    setSections([...sections, { id, title: probeName(probe), probe: probe.id, view: probe.views[0] ?? "table", params: probe.example }]);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.success) return;
    if (template) update.mutate({ templateId: template.id, changes: checked.data });
    else create.mutate(checked.data);
  }

  return (
    <form onSubmit={submit} className="stack" noValidate aria-label={template ? t("editTitle") : t("newTitle")}>
      <FormAlert message={problem?.message} />
      <Field name="name" label={t("name")} required value={String(meta.name)} onChange={set("name")} onBlur={touch("name")} error={problem?.fields.name} />
      <Field name="summary" label={t("summary")} hint={t("summaryHint")} value={String(meta.summary)} onChange={set("summary")} onBlur={touch("summary")} />
      <Field
        name="description"
        label={t("description")}
        hint={t("descriptionHint")}
        multiline
        rows={5}
        value={String(meta.description)}
        onChange={set("description")}
        onBlur={touch("description")}
      />
      <div className="field-row">
        <SelectField name="category" label={t("category")} options={categoryOptions(words)} value={String(meta.category)} onChange={set("category")} />
        <SelectField name="language" label={t("language")} options={languageOptions(words)} value={String(meta.language)} onChange={set("language")} />
      </div>
      <Field name="tags" label={t("tags")} hint={t("tagsHint")} value={String(meta.tags)} onChange={set("tags")} onBlur={touch("tags")} />

      <h2 className={styles.subhead}>{t("sections")}</h2>
      {sections.length === 0 && <p className="muted">{t("noSections")}</p>}
      {sections.map((section, index) => {
        const probe = byId.get(section.probe);
        return (
          <fieldset key={index} className={styles.editorSection} aria-label={t("section", { number: index + 1 })}>
            <legend>
              {index + 1}. {probe ? probeName(probe) : section.probe}
            </legend>
            {probe && <p className="field-hint">{probeAbout(probe)}</p>}
            <div className="field-row">
              <Field
                name={`section-${index}-title`}
                label={t("sectionTitle")}
                value={section.title}
                onChange={(e) => change(index, { title: e.currentTarget.value })}
                onBlur={touch(`section-${index}-title`)}
              />
              <SelectField
                name={`section-${index}-view`}
                label={t("shownAs")}
                options={(probe?.views ?? [section.view]).map((v) => ({ value: v, label: knows(`template.view.${v}`) ? words(`template.view.${v}` as "template.view.table") : v }))}
                value={section.view}
                onChange={(e) => change(index, { view: e.currentTarget.value })}
              />
            </div>
            <Field
              name={`section-${index}-params`}
              label={t("parameters")}
              hint={probe && probe.parameters.length > 0 ? t("takes", { names: probe.parameters.join(", ") }) : undefined}
              multiline
              rows={3}
              value={section.params}
              onChange={(e) => change(index, { params: e.currentTarget.value })}
              onBlur={touch(`section-${index}-params`)}
              error={shown(`section-${index}-params`) ? badJson.get(`section-${index}-params`) : undefined}
            />
            <div className="button-row">
              <button type="button" className="button ghost small" disabled={index === 0} onClick={() => move(index, -1)}>
                {t("moveUp")}
              </button>
              <button type="button" className="button ghost small" disabled={index === sections.length - 1} onClick={() => move(index, 1)}>
                {t("moveDown")}
              </button>
              <button type="button" className="button danger small" onClick={() => setSections(sections.filter((_, i) => i !== index))}>
                {t("remove")}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="button-row">
        <label htmlFor="add-probe" className="visually-hidden">
          {t("probeToAdd")}
        </label>
        <select id="add-probe" className={styles.inline} value={adding} onChange={(e) => setAdding(e.currentTarget.value)}>
          {probes.map((p) => (
            <option key={p.id} value={p.id}>
              {probeName(p)}
            </option>
          ))}
        </select>
        <button type="button" className="button secondary small" onClick={addSection}>
          {t("addSection")}
        </button>
      </div>

      <div aria-live="polite">
        {live.length > 0 ? (
          <ul className={styles.problems} aria-label={t("problems")}>
            {live.slice(0, 8).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          issues.length === 0 && <p className={styles.valid}>{t("valid")}</p>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={Boolean(meta.published)} onChange={(e) => setMeta({ ...meta, published: e.currentTarget.checked })} />
        {t("publish")}
      </label>
      <div className="button-row">
        <button type="submit" className="button" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {template ? t("save") : t("create")}
        </button>
      </div>
    </form>
  );
}
