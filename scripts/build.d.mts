/** scripts/build.mjs, for the TypeScript that runs it (the API tests' global setup). */
export function build(options?: { targets?: ('web' | 'api' | 'template')[]; force?: boolean }): Promise<string[]>;
