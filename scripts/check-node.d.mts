// Types for check-node.mjs (plain ESM so `node scripts/check-node.mjs` runs on any Node).

export function minimumOf(range: string): [number, number, number];
export function nodeVersionProblem(range: string, version: string): string | undefined;
export function enginesRange(from: string): string | undefined;
