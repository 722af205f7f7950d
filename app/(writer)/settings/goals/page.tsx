import type { Metadata } from "next";
import { requirePrincipal } from "../../../_components/require-principal";
import { getT } from "../../../_i18n/server";
import { GoalsForm } from "./goals-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("settings.goals"))("title") };
}

/** Settings → Goals: the writer's day (time zone, days off) and the goals measured against it. */
export default async function GoalsSettingsPage() {
  await requirePrincipal("/settings/goals");
  const t = await getT("settings");
  return (
    <div className="narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("goals.heading")}</h1>
      <p className="muted lede">{t("goals.lede")}</p>
      <GoalsForm />
    </div>
  );
}
