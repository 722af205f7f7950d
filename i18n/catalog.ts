import enAdmin from "./messages/en/admin.json";
import enAnalysisReport from "./messages/en/analysis-report.json";
import enAnalysisTemplates from "./messages/en/analysis-templates.json";
import enAnalysis from "./messages/en/analysis.json";
import enAuth from "./messages/en/auth.json";
import enBible from "./messages/en/bible.json";
import enBookComments from "./messages/en/bookComments.json";
import enBooks from "./messages/en/books.json";
import enCommon from "./messages/en/common.json";
import enCorkboard from "./messages/en/corkboard.json";
import enEditor from "./messages/en/editor.json";
import enErrors from "./messages/en/errors.json";
import enExportDialog from "./messages/en/exportDialog.json";
import enForeshadowing from "./messages/en/foreshadowing.json";
import enForeshadowingInbox from "./messages/en/foreshadowingInbox.json";
import enInbox from "./messages/en/inbox.json";
import enMail from "./messages/en/mail.json";
import enOutline from "./messages/en/outline.json";
import enPlotGrid from "./messages/en/plotGrid.json";
import enProgress from "./messages/en/progress.json";
import enReaders from "./messages/en/readers.json";
import enSettings from "./messages/en/settings.json";
import enShell from "./messages/en/shell.json";
import enSnapshots from "./messages/en/snapshots.json";
import enTimeline from "./messages/en/timeline.json";
import zhAdmin from "./messages/zh-CN/admin.json";
import zhAnalysisReport from "./messages/zh-CN/analysis-report.json";
import zhAnalysisTemplates from "./messages/zh-CN/analysis-templates.json";
import zhAnalysis from "./messages/zh-CN/analysis.json";
import zhAuth from "./messages/zh-CN/auth.json";
import zhBible from "./messages/zh-CN/bible.json";
import zhBookComments from "./messages/zh-CN/bookComments.json";
import zhBooks from "./messages/zh-CN/books.json";
import zhCommon from "./messages/zh-CN/common.json";
import zhCorkboard from "./messages/zh-CN/corkboard.json";
import zhEditor from "./messages/zh-CN/editor.json";
import zhErrors from "./messages/zh-CN/errors.json";
import zhExportDialog from "./messages/zh-CN/exportDialog.json";
import zhForeshadowing from "./messages/zh-CN/foreshadowing.json";
import zhForeshadowingInbox from "./messages/zh-CN/foreshadowingInbox.json";
import zhInbox from "./messages/zh-CN/inbox.json";
import zhMail from "./messages/zh-CN/mail.json";
import zhOutline from "./messages/zh-CN/outline.json";
import zhPlotGrid from "./messages/zh-CN/plotGrid.json";
import zhProgress from "./messages/zh-CN/progress.json";
import zhReaders from "./messages/zh-CN/readers.json";
import zhSettings from "./messages/zh-CN/settings.json";
import zhShell from "./messages/zh-CN/shell.json";
import zhSnapshots from "./messages/zh-CN/snapshots.json";
import zhTimeline from "./messages/zh-CN/timeline.json";
import type { Locale } from "./locales";

/**
 * Every word of the interface, by language and namespace (decision 0504). English is the shape:
 * a Chinese catalog that lacks a key English has does not compile, and test/unit/i18n-catalog.test.ts
 * refuses extra keys and messages whose {arguments} differ. A namespace is one feature's words; add
 * one with a line per language here.
 */
const en = {
  common: enCommon,
  errors: enErrors,
  editor: enEditor,
  snapshots: enSnapshots,
  readers: enReaders,
  bookComments: enBookComments,
  corkboard: enCorkboard,
  timeline: enTimeline,
  exportDialog: enExportDialog,
  foreshadowingInbox: enForeshadowingInbox,
  plotGrid: enPlotGrid,
  books: enBooks,
  shell: enShell,
  auth: enAuth,
  settings: enSettings,
  admin: enAdmin,
  inbox: enInbox,
  progress: enProgress,
  mail: enMail,
  analysisTemplates: enAnalysisTemplates,
  analysisReport: enAnalysisReport,
  analysis: enAnalysis,
  bible: enBible,
  outline: enOutline,
  foreshadowing: enForeshadowing,
};

export type Messages = typeof en;

const zhCN: Messages = {
  common: zhCommon,
  errors: zhErrors,
  editor: zhEditor,
  snapshots: zhSnapshots,
  readers: zhReaders,
  bookComments: zhBookComments,
  corkboard: zhCorkboard,
  timeline: zhTimeline,
  exportDialog: zhExportDialog,
  foreshadowingInbox: zhForeshadowingInbox,
  plotGrid: zhPlotGrid,
  books: zhBooks,
  shell: zhShell,
  auth: zhAuth,
  settings: zhSettings,
  admin: zhAdmin,
  inbox: zhInbox,
  progress: zhProgress,
  mail: zhMail,
  analysisTemplates: zhAnalysisTemplates,
  analysisReport: zhAnalysisReport,
  analysis: zhAnalysis,
  bible: zhBible,
  outline: zhOutline,
  foreshadowing: zhForeshadowing,
};

export const MESSAGES: Record<Locale, Messages> = { en, "zh-CN": zhCN };
