// The types of first-load.mjs, for the mock's test of its budget (TypeScript).

/** One emitted chunk: its bytes minified and gzipped, and its modules, the largest first (bytes before minifying). */
export interface Chunk {
  file: string;
  name: string;
  minified: number;
  gzip: number;
  modules: { module: string; bytes: number }[];
}

export interface FirstLoad {
  /** The first load's bytes, each chunk gzipped (level 9), summed. */
  gzip: number;
  minified: number;
  /** The entry's chunk and the chunks it imports statically. */
  files: Chunk[];
  /** The chunks reached only through a dynamic import(). */
  lazy: Chunk[];
  /** The modules of the first load, the largest first. */
  modules: { module: string; bytes: number }[];
}

export const MOCK_ENTRY: string;
export const MSW_ENTRY: string;
export const FIRST_LOAD_BUDGET: number;
export function firstLoad(contents: string, options?: { conditions?: string[] }): Promise<FirstLoad>;
