import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// What an editor shows: TypeScript's language service reports a call to a deprecated signature as
// a "deprecated" suggestion (code 6385/6387), which editors render with a strikethrough.
const testDir = fileURLToPath(new URL(".", import.meta.url));
const fileName = `${testDir}editor-marks.fixture.ts`;
const source = `import { createPetstoreClient } from "../src/index.js";
const client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "k" });
void client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
void client.GET("/pets");
void client.PATCH("/store/orders/{orderId}", { params: { path: { orderId: 1 } }, body: { complete: true } });
`;

function languageService() {
  const config = ts.readConfigFile(`${testDir}../tsconfig.json`, ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, `${testDir}..`);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [fileName],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) =>
      ts.ScriptSnapshot.fromString(name === fileName ? source : (ts.sys.readFile(name) ?? readFileSync(name, "utf8"))),
    getCurrentDirectory: () => `${testDir}..`,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (name) => name === fileName || ts.sys.fileExists(name),
    readFile: (name) => (name === fileName ? source : ts.sys.readFile(name)),
  };
  return ts.createLanguageService(host);
}

const lineOf = (position: number) => source.slice(0, position).split("\n").length;

describe("marks in the editor", () => {
  const service = languageService();

  it("strikes through the call to the deprecated operation, and only that one", () => {
    expect(service.getSemanticDiagnostics(fileName).map((diagnostic) => diagnostic.messageText)).toEqual([]);
    const deprecated = service
      .getSuggestionDiagnostics(fileName)
      .filter((diagnostic) => diagnostic.reportsDeprecated)
      .map((diagnostic) => lineOf(diagnostic.start ?? 0));
    expect(deprecated).toEqual([3]);
  });

  it("names in the hover text what replaces the deprecated operation, from the document's x-replaced-by", () => {
    const position = source.indexOf("GET") + 1;
    const info = service.getQuickInfoAtPosition(fileName, position);
    const deprecatedTag = info?.tags?.find((tag) => tag.name === "deprecated");
    expect(ts.displayPartsToString(deprecatedTag?.text)).toMatch(
      /^Use `GET \/pets\?id=\{petId\}` instead\. .*sunset: Wed, 30 Jun 2027/,
    );
  });

  it("says in the hover text that an experimental operation may change", () => {
    const position = source.indexOf("PATCH") + 1;
    const info = service.getQuickInfoAtPosition(fileName, position);
    const documentation = ts.displayPartsToString(info?.documentation);
    expect(documentation).toMatch(/Experimental/);
  });
}, 60_000);
