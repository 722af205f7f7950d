export function buildWorker(root?: string): Promise<string>;
