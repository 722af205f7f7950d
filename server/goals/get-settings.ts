import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { daysOffList } from "./calendar";
import type { GoalSettings } from "./schemas";
import { loadWriter } from "./writer";

// GET /api/v1/goals — the writer's zone, goals and days off
export async function getGoalSettings(principal: Principal): Promise<GoalSettings> {
  authorize(principal, "goals.settings");
  return toGoalSettings(await loadWriter(principal.userId));
}

export function toGoalSettings(writer: { timeZone: string; dailyGoal: number | null; sessionGoal: number | null; daysOff: number; minimumBufferDays: number | null }): GoalSettings {
  const { timeZone, dailyGoal, sessionGoal, daysOff, minimumBufferDays } = writer;
  return { timeZone, dailyGoal, sessionGoal, daysOff: daysOffList(daysOff), minimumBufferDays };
}
