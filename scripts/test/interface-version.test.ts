// info.version is the interface's version: it changes when, and only when, the interface does
// (packages/contract/src/interface-version.js says why a recorded fingerprint is how this is checked).
// This replaces the test that tied info.version to the packages' versions: a release that wrote a
// package version into the document would now fail here, as a version change with no interface change.
import {
  checkInterfaceVersion,
  currentInterface,
  document,
  interfaceFingerprint,
  readInterfaceRecord,
} from "@petstore/contract";
import { describe, expect, it } from "vitest";

/** The document, changed by `edit` on a deep copy. */
function edited(edit: (doc: typeof document) => void): typeof document {
  const copy = structuredClone(document);
  edit(copy);
  return copy;
}

describe("info.version moves with the interface", () => {
  it("openapi/interface-version.json records the document's interface under its info.version", () => {
    const verdict = checkInterfaceVersion(readInterfaceRecord(), currentInterface());
    if (!verdict.agrees) {
      expect.fail(verdict.message);
    }
  });

  it("says what to do for each way the two can disagree", () => {
    const recorded = { version: "1.0.0", fingerprint: "sha256:a" };
    expect(checkInterfaceVersion(recorded, { version: "1.0.0", fingerprint: "sha256:b" })).toEqual({
      agrees: false,
      recordable: false,
      message: expect.stringMatching(
        /^The interface in openapi\/petstore.yaml changed .*its info.version is still 1.0.0\. Give info.version the next version .*`pnpm interface:record`\.$/,
      ),
    });
    expect(checkInterfaceVersion(recorded, { version: "1.1.0", fingerprint: "sha256:a" })).toEqual({
      agrees: false,
      recordable: false,
      message: expect.stringMatching(/changed from 1.0.0 to 1.1.0, but the interface did not .* Set it back to 1.0.0/),
    });
    expect(checkInterfaceVersion(recorded, { version: "0.9.0", fingerprint: "sha256:b" })).toMatchObject({
      recordable: false,
      message: expect.stringContaining("must be a higher MAJOR.MINOR.PATCH"),
    });
    expect(checkInterfaceVersion(recorded, { version: "1.1.0", fingerprint: "sha256:b" })).toMatchObject({
      recordable: true,
      message: expect.stringContaining("run `pnpm interface:record`"),
    });
  });
});

describe("the interface's fingerprint", () => {
  const fingerprint = interfaceFingerprint(document);

  it("ignores prose, examples, code samples, servers, the version itself and the order of keys", () => {
    const prose = edited((doc) => {
      doc.info.version = "9.9.9";
      doc.info.description = "Reworded.";
      doc.servers = [{ url: "https://petstore.example.com" }];
      const listPets = doc.paths["/pets"]!.get!;
      listPets.summary = "Reworded";
      listPets.description = "Reworded.";
      listPets["x-codeSamples"] = [];
      delete listPets.parameters[0].description;
      doc.components.schemas.Pet!.example = { id: 1 };
      doc.paths = Object.fromEntries(Object.entries(doc.paths).reverse());
    });
    expect(interfaceFingerprint(prose)).toBe(fingerprint);
  });

  it.each<[string, (doc: typeof document) => void]>([
    ["a new optional property", (doc) => (doc.components.schemas.Pet!.properties.nickname = { type: "string" })],
    ["a property named description dropped", (doc) => delete doc.components.schemas.Category!.properties.description],
    ["a new status", (doc) => (doc.paths["/pets"]!.get!.responses["418"] = { description: "A teapot." })],
    ["a parameter made required", (doc) => (doc.paths["/pets"]!.get!.parameters[0].required = true)],
    ["a header dropped", (doc) => delete doc.components.headers["X-Total-Count"]],
    ["a documented limit", (doc) => (doc.info["x-limits"].maxPets = 10)],
    ["an operation deprecated", (doc) => (doc.paths["/pets"]!.get!.deprecated = true)],
    [
      "a mock-only parameter made part of the API",
      (doc) => delete doc.components.parameters.PetstoreSession["x-mock-only"],
    ],
    ["a new error code no one marked mock-only", (doc) => doc.components.schemas.ErrorCode.enum.push("TEAPOT")],
  ])("changes with %s", (_, edit) => {
    expect(interfaceFingerprint(edited(edit))).not.toBe(fingerprint);
  });

  it("leaves out the mock's own controls: x-mock-only nodes, the $refs to them, and x-mock-only-values", () => {
    const withoutControls = edited((doc) => {
      for (const pathItem of Object.values(doc.paths)) {
        for (const operation of Object.values(pathItem).filter((node) => node.responses)) {
          operation.parameters = operation.parameters.filter(
            (parameter: { $ref?: string }) => !/Prefer|PetstoreSession/.test(parameter.$ref ?? ""),
          );
          if (operation.responses["507"]?.$ref?.endsWith("/MockLimitReached")) {
            delete operation.responses["507"];
          }
        }
      }
      delete doc.components.parameters.Prefer;
      delete doc.components.parameters.PetstoreSession;
      delete doc.components.responses.MockLimitReached;
      const errorCode = doc.components.schemas.ErrorCode;
      errorCode.enum = errorCode.enum.filter((code: string) => code !== "MOCK_LIMIT_REACHED");
      delete errorCode["x-mock-only-values"];
    });
    expect(interfaceFingerprint(withoutControls)).toBe(fingerprint);
  });
});
