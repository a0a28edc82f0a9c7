import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { TSGO } from "@petstore/runtimes/typescript7";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Installs the packed tarball into a project outside the workspace, as a user would, and resolves
// every entry point through the exports map.
let app: PackedApp;
let project: string;

const run = (file: string, args: string[] = []) => app.run(file, args);

beforeAll(() => {
  app = packedApp({ packages: ["mock"], dependencies: ["msw@2"] });
  project = app.dir;
}, 180_000);

// Removing the installed project can take seconds on a loaded machine.
afterAll(() => app?.remove(), 60_000);

describe("the packed @petstore/mock", () => {
  it("imports every Node entry point as ESM and answers a request", () => {
    writeFileSync(
      join(project, "esm.mjs"),
      `import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import { setupPetstoreServer, startPetstoreServer } from "@petstore/mock/node";
if (typeof setupPetstoreServer !== "function" || typeof startPetstoreServer !== "function") throw new Error("node entry");
const response = await createPetstoreFetch()("http://127.0.0.1:4010/pets/1", { headers: { Authorization: "Bearer " + DEMO_API_KEY } });
console.log(response.status, (await response.json()).name);`,
    );
    expect(run(process.execPath, ["esm.mjs"]).trim()).toBe("200 Rex");
  });

  it("requires the CommonJS build", () => {
    writeFileSync(
      join(project, "cjs.cjs"),
      `const mock = require("@petstore/mock");
const node = require("@petstore/mock/node");
const tanstack = require("@petstore/mock/devtools/tanstack");
console.log(typeof mock.createPetstoreHandlers, typeof node.setupPetstoreServer, typeof tanstack.petstoreDevtoolsPlugin);`,
    );
    expect(run(process.execPath, ["cjs.cjs"]).trim()).toBe("function function function");
  });

  it("loads the Worker entry in Node too, from both builds (it imports nothing of cloudflare:workers)", () => {
    const script = (load: string) => `${load}
const response = await createPetstoreCloudflareWorker().fetch(new Request("https://w.example/pets"), {});
console.log(typeof PetstoreSessionObject, typeof petstoreCloudflareWorker.fetch, response.status);`;
    writeFileSync(
      join(project, "worker.mjs"),
      script(
        `import { createPetstoreCloudflareWorker, PetstoreSessionObject, petstoreCloudflareWorker } from "@petstore/mock/worker";`,
      ),
    );
    writeFileSync(
      join(project, "worker.cjs"),
      `(async () => {${script(`const { createPetstoreCloudflareWorker, PetstoreSessionObject, petstoreCloudflareWorker } = require("@petstore/mock/worker");`)}})();`,
    );
    expect(run(process.execPath, ["worker.mjs"]).trim()).toBe("function function 500");
    expect(run(process.execPath, ["worker.cjs"]).trim()).toBe("function function 500");
  });

  it("loads msw's http alone in the Node entry, not msw's main entry with its GraphQL support", () => {
    // Every module the import resolves is logged by a resolve hook; msw's main entry is lib/core/index.
    writeFileSync(
      join(project, "log-resolved.mjs"),
      `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, resolved.url + "\\n");
  return resolved;
}`,
    );
    writeFileSync(
      join(project, "node-entry.mjs"),
      `import { register } from "node:module";
register("./log-resolved.mjs", import.meta.url);
await import("@petstore/mock/node");`,
    );
    const log = join(project, "resolved.log");
    execFileSync(process.execPath, ["node-entry.mjs"], { cwd: project, env: { ...process.env, RESOLVED_LOG: log } });
    const msw = readFileSync(log, "utf8")
      .split("\n")
      .filter((url) => url.includes("/node_modules/msw/"))
      .map((url) => url.slice(url.indexOf("/node_modules/msw/") + "/node_modules/msw/".length));
    expect(msw).toContain("lib/core/http.mjs");
    expect(msw).not.toContain("lib/core/index.mjs");
  });

  it("answers through msw interception from both builds of the Node entry", () => {
    const script = (load: string) => `${load}
const server = setupPetstoreServer();
server.listen({ onUnhandledRequest: "error" });
fetch("http://127.0.0.1:4010/pets/1", { headers: { Authorization: "Bearer " + DEMO_API_KEY } })
  .then(async (response) => console.log(response.status, (await response.json()).name))
  .finally(() => server.close());`;
    writeFileSync(
      join(project, "intercept.mjs"),
      script(`import { DEMO_API_KEY } from "@petstore/mock";
import { setupPetstoreServer } from "@petstore/mock/node";`),
    );
    writeFileSync(
      join(project, "intercept.cjs"),
      script(`const { DEMO_API_KEY } = require("@petstore/mock");
const { setupPetstoreServer } = require("@petstore/mock/node");`),
    );
    expect(run(process.execPath, ["intercept.mjs"]).trim()).toBe("200 Rex");
    expect(run(process.execPath, ["intercept.cjs"]).trim()).toBe("200 Rex");
  });

  it("loads what it loads on first use from both builds: Prefer, a JSON syntax error's place, a session reset", () => {
    // Each is a chunk of its own behind import() (require() in the CommonJS build), found in the installed package.
    const script = (load: string) => `${load}
(async () => {
  const petstoreFetch = createPetstoreFetch();
  const headers = { Authorization: "Bearer " + DEMO_API_KEY, "Content-Type": "application/json" };
  const preferred = await petstoreFetch("http://127.0.0.1:4010/pets", { headers: { ...headers, Prefer: "code=503" } });
  const broken = await petstoreFetch("http://127.0.0.1:4010/pets", { method: "POST", headers, body: '{"name":' });
  await petstoreFetch.sessions.reset("lazy", { seed: 3 });
  const session = petstoreFetch.sessions.list().find(({ name }) => name === "lazy");
  console.log(preferred.status, broken.status, (await broken.json()).code, session.records.pets);
})();`;
    writeFileSync(
      join(project, "lazy.mjs"),
      script(`import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";`),
    );
    writeFileSync(
      join(project, "lazy.cjs"),
      script(`const { createPetstoreFetch, DEMO_API_KEY } = require("@petstore/mock");`),
    );
    expect(run(process.execPath, ["lazy.mjs"]).trim()).toBe("503 400 INVALID_JSON 3");
    expect(run(process.execPath, ["lazy.cjs"]).trim()).toBe("503 400 INVALID_JSON 3");
  });

  it("refuses the browser entry in Node, so a wrong import fails at resolution", () => {
    writeFileSync(join(project, "wrong.mjs"), `await import("@petstore/mock/browser");`);
    expect(() => run(process.execPath, ["wrong.mjs"])).toThrow(
      /ERR_PACKAGE_PATH_NOT_EXPORTED|not defined by "exports"/,
    );
  });

  it("answers a mistyped flag with a suggestion and help commands that run where the package is installed", () => {
    let stderr = "";
    try {
      run(join(project, "node_modules/.bin/petstore-mock"), ["--prot", "80"]);
    } catch (error) {
      stderr = String((error as Error).message);
    }
    expect(stderr).toContain("petstore-mock: Unknown option '--prot': did you mean --port?");
    const helps = [...stderr.matchAll(/(pnpm exec|npx) petstore-mock --help/g)].map((m) => m[0]);
    expect(helps).toEqual(["pnpm exec petstore-mock --help", "npx petstore-mock --help"]);
    for (const help of helps) {
      const [command, ...args] = help.split(" ");
      expect(run(command!, args)).toMatch(/^Usage: petstore-mock /);
    }
    // Three processes, two of them package managers: seconds each on a loaded machine.
  }, 60_000);

  it("links the petstore-mock bin, which prints the package's version and the API's", () => {
    const { version } = JSON.parse(readFileSync(join(project, "node_modules/@petstore/mock/package.json"), "utf8"));
    expect(run(join(project, "node_modules/.bin/petstore-mock"), ["--version"])).toMatch(
      new RegExp(`^petstore-mock ${version.replaceAll(".", "\\.")} \\(Petstore API \\d+\\.\\d+\\.\\d+\\)\\n$`),
    );
  });

  it("types a strict browser app that mounts the inspector (and its TanStack Devtools plugin) beside the worker, with TypeScript 5.9 and 7", () => {
    writeFileSync(
      join(project, "panel.ts"),
      `import { setupPetstoreServiceWorker } from "@petstore/mock/browser";
import { mountPetstoreDevtools, type PetstoreDevtools, STATE_CHANGE_EVENT } from "@petstore/mock/devtools";
import { petstoreDevtoolsPlugin } from "@petstore/mock/devtools/tanstack";
const worker = setupPetstoreServiceWorker({ baseUrl: "/api" });
await worker.start({ onUnhandledRequest: "bypass" });
worker.app.scenarios.choose("deleteCategory", { status: 409, code: "CATEGORY_IN_USE", times: "always" });
// @ts-expect-error: 409 of deleteCategory is CATEGORY_IN_USE, and no code is made up
worker.app.scenarios.choose("deleteCategory", { status: 409, code: "NO_SUCH_CODE" });
const panel: PetstoreDevtools = mountPetstoreDevtools({ mock: worker, position: "top-left" });
// @ts-expect-error: the corner is one of four
mountPetstoreDevtools({ mock: worker, position: "middle" });
window.addEventListener(STATE_CHANGE_EVENT, () => panel.close());
// The plugin fits @tanstack/devtools' TanStackDevtoolsPlugin (written out: the app has no @tanstack/devtools).
interface TanStackDevtoolsPlugin {
  name: string | ((el: HTMLHeadingElement, props: { theme: "light" | "dark"; devtoolsOpen: boolean }) => void);
  id?: string;
  defaultOpen?: boolean;
  render: (el: HTMLDivElement, props: { theme: "light" | "dark"; devtoolsOpen: boolean }) => void;
  destroy?: (pluginId: string) => void;
}
const plugin: TanStackDevtoolsPlugin = petstoreDevtoolsPlugin({ mock: worker, name: "Mock" });
plugin.render(document.createElement("div"), { theme: "dark", devtoolsOpen: true });
// @ts-expect-error: the theme is TanStack's light or dark
petstoreDevtoolsPlugin({ mock: worker }).render(document.createElement("div"), { theme: "sepia" });
`,
    );
    const flags = [
      "--noEmit",
      "--strict",
      "--target",
      "es2022",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
    ];
    const check = ["--lib", "es2022,dom,dom.iterable", "panel.ts"];
    const require = createRequire(import.meta.url);
    const tsc = join(dirname(require.resolve("typescript/package.json")), "bin/tsc");
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ ...JSON.parse(readFileSync(join(project, "package.json"), "utf8")), type: "module" }),
    );
    for (const compiler of [tsc, TSGO]) {
      expect(run(process.execPath, [compiler, ...flags, ...check])).toBe("");
    }
  }, 60_000);
});
