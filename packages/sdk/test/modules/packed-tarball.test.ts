import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Installs the packed tarball into a project outside the workspace, as a user would: imports it as
// ESM and as CommonJS, and type-checks a consumer with the workspace's TypeScript.
const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
let project: string;

const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "petstore-sdk-consumer-"));
  execFileSync("pnpm", ["pack", "--pack-destination", project], { cwd: packageDir, stdio: "ignore" });
  const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"))!;
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", `./${tarball}`], {
    cwd: project,
    stdio: "ignore",
  });
}, 180_000);

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

describe("the packed @petstore/sdk", () => {
  it("imports as ESM and calls through an injected fetch", () => {
    writeFileSync(
      join(project, "esm.mjs"),
      `import { createPetstoreClient, PetstoreError } from "@petstore/sdk";
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k", fetch: async (request) =>
  Response.json([{ id: 1, name: "Rex", categoryId: 1, status: "available" }], { headers: { "X-Seen-Auth": request.headers.get("Authorization") } }) });
const { data, response } = await client.GET("/pets");
console.log(data[0].name, response.headers.get("X-Seen-Auth"), typeof PetstoreError);`,
    );
    expect(run(["esm.mjs"]).trim()).toBe("Rex Bearer k function");
  });

  it("requires as CommonJS", () => {
    writeFileSync(
      join(project, "cjs.cjs"),
      `const sdk = require("@petstore/sdk");
console.log(typeof sdk.createPetstoreClient, typeof sdk.paginate, typeof sdk.unwrap);`,
    );
    expect(run(["cjs.cjs"]).trim()).toBe("function function function");
  });

  it("type-checks a consumer, and rejects a wrong call", () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          noEmit: true,
          lib: ["ES2022", "DOM"],
          skipLibCheck: false,
          types: [],
        },
        include: ["consumer.ts"],
      }),
    );
    const consumer = (extra: string) =>
      `import { createPetstoreClient, type Pet } from "@petstore/sdk";
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k" });
export async function names(): Promise<string[]> {
  const { data } = await client.GET("/pets", { params: { query: { status: ["available"] } } });
  return (data ?? []).map((pet: Pet) => pet.name);
}
${extra}`;
    writeFileSync(join(project, "consumer.ts"), consumer(""));
    expect(() => run([tsc, "-p", "."])).not.toThrow();
    writeFileSync(join(project, "consumer.ts"), consumer(`void client.GET("/owners");`));
    const failure = (() => {
      try {
        run([tsc, "-p", "."]);
        return "";
      } catch (error) {
        return String((error as { stdout?: string }).stdout);
      }
    })();
    expect(failure).toMatch(/consumer\.ts\(7,\d+\): error TS2345: Argument of type '"\/owners"'/);
  }, 120_000);
});
