// Builds the page in the mode `mock` once for every end-to-end file (the React page, the SWR page, the inspector):
// each file serves the same folder instead of building its own.
import type { TestProject } from "vitest/node";
import { buildApp } from "./support.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of `vite build --mode mock`. */
    mockBuild: string;
  }
}

export default async function setup(project: TestProject) {
  const build = await buildApp();
  project.provide("mockBuild", build.dir);
  return () => build.remove();
}
