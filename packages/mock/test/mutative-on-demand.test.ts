// @msw/data's Collection as the mock's build bundles it (scripts/mutative-on-demand.mjs): it takes mutative from
// src/core/store/mutative-on-demand.ts, which loads mutative when `update` first calls it. The mock never calls
// `update`; these tests hold that it still answers, undo included, should anything call it (project `mock`).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { build } from "esbuild";
import { expect, it } from "vitest";
import { mutativeOnDemand } from "../scripts/mutative-on-demand.mjs";
import { apply } from "../src/core/store/mutative-on-demand.js";

type Pet = { id: number; name: string };

const anyPet: StandardSchemaV1<Pet, Pet> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value: value as Pet }) },
};

/** @msw/data bundled with the build's plugin, written to a temporary file and imported. */
async function bundledMswData(): Promise<{ module: typeof import("@msw/data"); code: string }> {
  const { outputFiles } = await build({
    stdin: {
      contents: `export { Collection } from "@msw/data";`,
      resolveDir: fileURLToPath(new URL("..", import.meta.url)),
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    plugins: [mutativeOnDemand],
  });
  const code = outputFiles[0]!.text;
  const dir = mkdtempSync(join(tmpdir(), "petstore-mutative-on-demand-"));
  try {
    writeFileSync(join(dir, "msw-data.mjs"), code);
    return { module: await import(/* @vite-ignore */ pathToFileURL(join(dir, "msw-data.mjs")).href), code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("answers @msw/data's update through mutative loaded on demand, and its undo when a hook prevents a change", async () => {
  const { module, code } = await bundledMswData();
  expect(code).toContain("mutative's apply before its create");
  const pets = new module.Collection({ schema: anyPet });
  await pets.create({ id: 1, name: "Rex" });
  const renamed = (name: string) =>
    pets.update((q) => q.where({ id: 1 }), {
      data: (pet) => {
        pet.name = name;
      },
    });
  expect(await renamed("Max")).toEqual({ id: 1, name: "Max" });
  pets.hooks.on("update", (event) => event.preventDefault());
  expect(await renamed("Bo")).toEqual({ id: 1, name: "Max" });
  expect(pets.all()).toEqual([{ id: 1, name: "Max" }]);
});

it("refuses mutative's apply before a create has loaded it: @msw/data applies only the patches a create made", () => {
  expect(() => apply({ name: "Rex" }, [])).toThrow("mutative's apply before its create");
});
