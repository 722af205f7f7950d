export function buildConvertWorker(root?: string): Promise<string>;
