import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { canonicalTimeZone, daysOffMask } from "./calendar";
import { toGoalSettings } from "./get-settings";
import { forgetWriterZone } from "./ledger";
import { invalidField, type GoalSettings, type UpdateGoalSettingsInput } from "./schemas";
import { loadWriter } from "./writer";

// PATCH /api/v1/goals — change some of the writer's goal settings
export async function updateGoalSettings(input: UpdateGoalSettingsInput, principal: Principal): Promise<GoalSettings> {
  authorize(principal, "goals.updateSettings");
  const { daysOff, timeZone, ...rest } = input;
  const changes: Record<string, unknown> = { ...rest };
  if (timeZone !== undefined) {
    const zone = canonicalTimeZone(timeZone);
    if (!zone) throw invalidField("timeZone", `"${timeZone}" is not an IANA time zone (such as Europe/Paris or Asia/Shanghai)`, "timeZone");
    changes.timeZone = zone;
  }
  if (daysOff !== undefined) changes.daysOff = daysOffMask(daysOff);
  if (Object.keys(changes).length > 0) {
    await sql.updateTable("User").set({ ...changes, updatedAt: new Date() }).where("id", "=", principal.userId).execute();
    forgetWriterZone(principal.userId);
  }
  return toGoalSettings(await loadWriter(principal.userId));
}
