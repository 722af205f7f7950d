import type { Metadata } from "next";
import { requirePrincipal } from "../../../_components/require-principal";
import { GoalsForm } from "./goals-form";

export const metadata: Metadata = { title: "Goals" };

/** Settings → Goals: the writer's day (time zone, days off) and the goals measured against it. */
export default async function GoalsSettingsPage() {
  await requirePrincipal("/settings/goals");
  return (
    <div className="narrow">
      <p className="eyebrow">Settings</p>
      <h1>Goals</h1>
      <p className="muted lede">
        Your words are counted on the server, on whichever device you write, and each day ends at midnight in your time zone.
        Every goal is optional; leave a field empty to have none.
      </p>
      <GoalsForm />
    </div>
  );
}
