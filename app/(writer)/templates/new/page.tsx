import type { Metadata } from "next";
import Link from "next/link";
import { hasScope } from "@/server/auth/scopes";
import { requirePrincipal } from "../../../_components/require-principal";
import { probeChoices } from "../_components/probe-choices";
import { TemplateEditor } from "../_components/template-editor";

export const metadata: Metadata = { title: "New template" };

/** A template of the writer's own: metadata, sections built from the probes, publish. */
export default async function NewTemplatePage() {
  const principal = await requirePrincipal("/templates/new");
  return (
    <div className="narrow">
      <p className="eyebrow">
        <Link href="/templates">← Templates</Link>
      </p>
      <h1 className="page-head">New template</h1>
      {hasScope(principal, "write:analysis") ? (
        <TemplateEditor probes={probeChoices()} />
      ) : (
        <p className="empty">Writing templates needs the write:analysis scope.</p>
      )}
    </div>
  );
}
