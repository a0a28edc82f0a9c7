import { describe, expect, it } from "vitest";
import { renderJson } from "../../src/report/json.js";
import { renderText } from "../../src/report/text.js";
import { AWKWARD_NAME, FIXTURE_KEY, reportWith } from "../support/report-fixture.js";

describe("renderText", () => {
  const text = renderText(reportWith(), FIXTURE_KEY);

  it("summarises the run: requests by method, coverage, checks, duration, leftovers", () => {
    expect(text).toContain("petstore-verify: http://127.0.0.1:4010, run r1a2b3, seed 123");
    expect(text).toContain("requests    3 (GET 2, POST 1)");
    expect(text).toContain("operations  2 of 3 covered (not called: listPets)");
    expect(text).toContain("checks      40 run, 1 failed");
    expect(text).toContain("duration    12.3 s");
    expect(text).toContain("/pets/7: DELETE /pets/7 answered 500");
  });

  it("shows each finding: the rule, the request, expected and received side by side, curl lines, the response", () => {
    const finding = text.slice(text.indexOf("Finding 1 of 1: document.status in getPet"));
    expect(finding).toContain("  rule      the status is one the operation documents\n  request   GET /pets/7\n");
    expect(finding).toContain("  expected  200 with the pet as created (Pet schema)\n  received  500 INTERNAL_ERROR\n");
    expect(finding).toContain("GET /pets/7 answered 500");
    // The pet the first step creates is kept in a variable, which the next step and the clean-up name.
    expect(finding).toMatch(
      /^ {4}PET_1=\$\(curl -sS -X POST .*\| sed -nE 's\/\.\*"id":\(\[0-9\]\+\)\.\*\/\\1\/p'\) && echo "PET_1=\$PET_1"$/m,
    );
    expect(finding).toMatch(/^ {4}curl -sS -i -X GET "http:\/\/127\.0\.0\.1:4010\/pets\/\$\{PET_1\}" /m);
    expect(finding).toContain("then 1 call that deletes what they created");
    expect(finding).toMatch(
      /# then, to delete what the calls above created:\n {4}curl -sS -i -X DELETE "http:\/\/127\.0\.0\.1:4010\/pets\/\$\{PET_1\}" -H "Authorization: Bearer \$PETSTORE_API_KEY"/,
    );
    expect(finding).toContain("HTTP 500");
    expect(finding).toContain("retry-after: 5");
    expect(finding).not.toContain("x-powered-by");
    expect(finding).toContain('{"code":"INTERNAL_ERROR"');
  });

  it("lists what the run wrote, by collection, and whether it is gone again", () => {
    expect(text).toContain(
      "  writes      1 record(s), every record it created is deleted again but 1 (/pets/7): see leftovers",
    );
    expect(text).toMatch(/^ {16}\/pets {9}created 1 \(7\)$/m);
  });

  it("never shows the key, in headers or in messages", () => {
    expect(text).not.toContain(FIXTURE_KEY);
    expect(text).toContain("$PETSTORE_API_KEY");
  });

  it("shows control characters of a body as escapes, so a backend cannot drive the terminal", () => {
    expect(text).toContain("boom \\u0001 <oops>");
    expect(text).not.toContain("\u0001");
  });

  it("cuts a long body to an excerpt", () => {
    const report = reportWith();
    const last = report.findings[0]!.steps[1]!;
    last.response.body = "x".repeat(5000);
    expect(renderText(report, FIXTURE_KEY)).toContain("… (5000 characters in all)");
  });

  it("says when nothing was found and when the run stopped early", () => {
    const clean = renderText(reportWith({ findings: [], leftovers: [], stoppedEarly: true }), FIXTURE_KEY);
    expect(clean).toContain("findings    none");
    expect(clean).toContain("leftovers   none");
    expect(clean).toContain("stopped early");
  });
});

describe("renderJson", () => {
  it("is the whole report, the key redacted and every other value kept", () => {
    const parsed = JSON.parse(renderJson(reportWith(), FIXTURE_KEY));
    expect(JSON.stringify(parsed)).not.toContain(FIXTURE_KEY);
    expect(parsed.findings[0].steps[0].headers.authorization).toBe("Bearer $PETSTORE_API_KEY");
    expect(JSON.parse(parsed.findings[0].steps[0].body).name).toBe(AWKWARD_NAME);
    expect(parsed).toMatchObject({ seed: 123, runId: "r1a2b3", checks: { run: 40, failed: 1 } });
  });
});
