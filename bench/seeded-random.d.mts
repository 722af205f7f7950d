export function random(seed: number): () => number;
export function madeUpProse(characters: number, seed?: number): string;
