import type { Metadata } from "next";
import Link from "next/link";
import { hasScope } from "@/server/auth/scopes";
import { getT } from "../../../_i18n/server";
import { requirePrincipal } from "../../../_components/require-principal";
import { probeChoices } from "../_components/probe-choices";
import { TemplateEditor } from "../_components/template-editor";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("analysis.editor");
  return { title: t("newTitle") };
}

/** A template of the writer's own: metadata, sections built from the probes, publish. */
export default async function NewTemplatePage() {
  const principal = await requirePrincipal("/templates/new");
  const [t, back] = await Promise.all([getT("analysis.editor"), getT("analysis.template")]);
  return (
    <div className="narrow">
      <p className="eyebrow">
        <Link href="/templates">{back("back")}</Link>
      </p>
      <h1 className="page-head">{t("newTitle")}</h1>
      {hasScope(principal, "write:analysis") ? (
        <TemplateEditor probes={probeChoices()} />
      ) : (
        <p className="empty">{t("needsScope")}</p>
      )}
    </div>
  );
}
