import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTemplate } from "@/server/analysis/get-template";
import { AppError } from "@/server/errors";
import { requirePrincipal } from "../../../../_components/require-principal";
import { probeChoices } from "../../_components/probe-choices";
import { TemplateEditor } from "../../_components/template-editor";

export const metadata: Metadata = { title: "Edit template" };

/** The author's own template in the editor; anyone else's is not found here. */
export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  const principal = await requirePrincipal(`/templates/${templateId}/edit`);
  const template = await getTemplate({ templateId }, principal).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  if (template.author?.id !== principal.userId) notFound();
  return (
    <div className="narrow">
      <p className="eyebrow">
        <Link href={`/templates/${template.id}`}>← {template.name}</Link>
      </p>
      <h1 className="page-head">Edit template</h1>
      <TemplateEditor probes={probeChoices()} template={template} />
    </div>
  );
}
