import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type PackedApp, packedApp, problemsByFile } from "@petstore/testing/packed";
import { spawnWatched } from "@petstore/testing/process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// @petstore/verify as a user installs it: packed (what `pnpm publish` uploads), npm-installed in an app
// outside the workspace beside the packed mock, so no workspace link can stand in for what the tarball
// lacks (the document the bundle carries, the contract it inlines). Needs `pnpm build` of both first.
let app: PackedApp;

beforeAll(() => {
  app = packedApp({ packages: ["verify", "mock"], dependencies: ["msw@2"] });
}, 180_000);

afterAll(() => app?.remove());

/** A user's strict compiler options, with the packages' declarations checked too. */
const STRICT = {
  strict: true,
  noEmit: true,
  module: "nodenext",
  moduleResolution: "nodenext",
  skipLibCheck: false,
  types: [],
};
const bin = (name: string) => join(app.dir, "node_modules/.bin", name);

/** A strict program that imports verify and its report type. */
const CHECK = `import { CannotRun, verify, type VerifyReport } from "@petstore/verify";
export async function findings(baseUrl: string, apiKey: string): Promise<number> {
  try {
    const report: VerifyReport = await verify({ baseUrl, apiKey, steps: 10, readOnly: true });
    return report.findings.length;
  } catch (error) {
    if (error instanceof CannotRun) return -1;
    throw error;
  }
}
`;
/** Every entry of the installed package's `exports`, imported. */
function entries(): string {
  const manifest = JSON.parse(readFileSync(join(app.dir, "node_modules/@petstore/verify/package.json"), "utf8"));
  const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== "./package.json");
  return subpaths
    .map(
      (subpath, index) =>
        `import * as entry${index} from "@petstore/verify${subpath.slice(1)}";\nconsole.log(entry${index});`,
    )
    .join("\n");
}
let checked: ReturnType<typeof problemsByFile> | undefined;
/** What tsc reports about `file` or about no file: both programs are checked by one tsc. */
function typeProblems(file: "check.mts" | "entries.mts"): string[] {
  const files = { "check.mts": CHECK, "entries.mts": entries() };
  checked ??= problemsByFile(app.typeCheck(files, STRICT), Object.keys(files));
  return [...checked.problemsOf(file), ...checked.outside];
}

describe("the packed @petstore/verify", () => {
  it("links the petstore-verify bin, which prints its version and the API's", () => {
    const { version } = JSON.parse(readFileSync(join(app.dir, "node_modules/@petstore/verify/package.json"), "utf8"));
    expect(app.run("npx", ["--no-install", "petstore-verify", "--version"])).toMatch(
      new RegExp(`^petstore-verify ${version.replaceAll(".", "\\.")} \\(Petstore API \\d+\\.\\d+\\.\\d+\\)\\n$`),
    );
  });

  it("carries no workspace package: @petstore/contract is inlined", () => {
    const manifest = JSON.parse(readFileSync(join(app.dir, "node_modules/@petstore/verify/package.json"), "utf8"));
    expect(JSON.stringify(manifest.dependencies ?? {})).not.toContain("@petstore/");
  });

  it("type-checks a strict program that imports verify and its report type", () => {
    expect(typeProblems("check.mts")).toEqual([]);
  });

  it("declares every export with types of its own: none names a package the tarball does not bring", () => {
    // @petstore/contract is inlined in the code but has no declarations to inline: a type of an export
    // that names it would reach the user as an import of a package that is not there.
    expect(typeProblems("entries.mts")).toEqual([]);
  });

  it("finds nothing wrong with the packed mock", async () => {
    const mock = spawnWatched(bin("petstore-mock"), ["--port", "0"], { cwd: app.dir, name: "petstore-mock" });
    try {
      const baseUrl = await mock.printed(/listening on (http:\/\/\S+)/, { timeoutMs: 30_000 });
      const verify = spawnWatched(
        "npx",
        ["--no-install", "petstore-verify", "--base-url", baseUrl, "--api-key", "petstore-demo-key", "--rate", "500"],
        { cwd: app.dir, name: "petstore-verify" },
      );
      const exit = await verify.exited;
      const { stdout, stderr } = verify.output();
      expect(exit.code, `petstore-verify exited ${exit.code}:\n${stderr}`).toBe(0);
      expect(stdout).toMatch(/^seed \d+: replay with --seed \d+\n/);
      expect(stdout).toMatch(/requests {4}\d+/);
      expect(stdout).toContain("findings    none");
    } finally {
      await mock.stop();
    }
  }, 180_000); // a default run is bounded at 120 s, cleanup aside
});
