import type { Command } from "commander";
import { addDays } from "../../server/goals/calendar";
import { historySchema, todaySchema } from "../../server/goals/schemas";
import { context } from "../context";
import { CliError } from "../errors";
import { printJson, printRecord, printTable } from "../output";

export function registerStats(program: Command): void {
  program
    .command("stats")
    .description("today's words across devices, the goal and streak, and the last days")
    .option("--book <bookId>", "the last days of this book only")
    .option("--days <n>", "how many days back to list", "7")
    .action(async (options: { book?: string; days: string }, command: Command) => {
      const { client, json } = context(command);
      const span = Number(options.days);
      if (!Number.isInteger(span) || span < 1 || span > 3660) throw new CliError("--days takes a whole number from 1 to 3660");
      const today = await client.data("GET", "/api/v1/stats/today", {}, todaySchema);
      const query = { from: addDays(today.date, 1 - span), to: today.date, bookId: options.book };
      const history = await client.data("GET", "/api/v1/stats/history", { query }, historySchema);
      if (json) return printJson({ today, history });
      // Goals count net words, typed less deleted (server/goals/rule.ts).
      const goal = today.dailyGoal === null ? "no daily goal" : `${today.net}/${today.dailyGoal}${today.met ? " met" : ""}`;
      printRecord(false, {
        date: today.date,
        net: today.net,
        written: today.written,
        removed: today.removed,
        imported: today.imported,
        restored: today.restored,
        goal,
        streak: `${today.streak} day${today.streak === 1 ? "" : "s"}`,
      });
      printTable(history.days.slice().reverse(), [
        { heading: "date", value: (d) => d.date },
        { heading: "net", value: (d) => d.net },
        { heading: "written", value: (d) => d.written },
        { heading: "removed", value: (d) => d.removed },
        { heading: "imported", value: (d) => d.imported },
        { heading: "restored", value: (d) => d.restored },
      ], `nothing written in the last ${span} days${options.book ? " in this book" : ""}`);
    });
}
