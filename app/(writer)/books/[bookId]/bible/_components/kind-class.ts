/** The class that colours an entry of a kind (bible.module.css and globals name the five built-in ones). */
export const kindClass = (kind: string) => `bible-${kind.replace(/[^\w-]/g, "_")}`;
