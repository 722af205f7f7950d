import {
  bookGoalEndpoint,
  bookProgressEndpoint,
  goalSettingsEndpoint,
  historyEndpoint,
  releasePlanEndpoint,
  setBookGoalEndpoint,
  setChapterReleaseEndpoint,
  setReleasePlanEndpoint,
  todayEndpoint,
  updateGoalSettingsEndpoint,
} from "../../http/endpoints/goals";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

export const goalsRouter = router({
  settings: procedureOf(goalSettingsEndpoint),
  updateSettings: procedureOf(updateGoalSettingsEndpoint),
  book: procedureOf(bookGoalEndpoint),
  setBook: procedureOf(setBookGoalEndpoint),
});

export const statsRouter = router({
  today: procedureOf(todayEndpoint),
  history: procedureOf(historyEndpoint),
  bookProgress: procedureOf(bookProgressEndpoint),
});

export const releasesRouter = router({
  plan: procedureOf(releasePlanEndpoint),
  setPlan: procedureOf(setReleasePlanEndpoint),
  setChapter: procedureOf(setChapterReleaseEndpoint),
});
