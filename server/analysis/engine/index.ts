export { analyzeBook, analyzeBookWithTemplates, runTemplate } from "./analyze";
export { templateDefinitionSchema, type TemplateDefinition, type TemplateDefinitionInput, type TemplateSection } from "./definition";
export { prepareBook } from "./prepare";
export type { BookInput, PreparedBook } from "./prepared-book";
export { PROBES, type ProbeId } from "./probe-specs";
export {
  analysisReportSchema,
  sectionResultSchema,
  viewSchema,
  type AnalysisReport,
  type Chart,
  type Language,
  type SectionResult,
  type View,
} from "./report";
export { runParametersSchema, type RunParameters } from "./run-parameters";
export type { AnalysisTask } from "./task";
export { BUILT_IN_TEMPLATES, type BuiltInTemplate } from "./templates";
