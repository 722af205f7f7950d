import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTemplate } from "@/server/analysis/get-template";
import { AppError } from "@/server/errors";
import { getT } from "../../../../_i18n/server";
import { requirePrincipal } from "../../../../_components/require-principal";
import { probeChoices } from "../../_components/probe-choices";
import { TemplateEditor } from "../../_components/template-editor";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("analysis.editor");
  return { title: t("editTitle") };
}

/** The author's own template in the editor; anyone else's is not found here. */
export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  const principal = await requirePrincipal(`/templates/${templateId}/edit`);
  const template = await getTemplate({ templateId }, principal).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  if (template.author?.id !== principal.userId) notFound();
  const t = await getT("analysis.editor");
  return (
    <div className="narrow">
      <p className="eyebrow">
        <Link href={`/templates/${template.id}`}>← {template.name}</Link>
      </p>
      <h1 className="page-head">{t("editTitle")}</h1>
      <TemplateEditor probes={probeChoices()} template={template} />
    </div>
  );
}
