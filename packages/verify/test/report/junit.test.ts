import { describe, expect, it } from "vitest";
import { CHECK_KINDS, WRITE_ONLY_CHECKS } from "../../src/checks.js";
import { renderJunit } from "../../src/report/junit.js";
import { AWKWARD_NAME, FIXTURE_KEY, reportWith } from "../support/report-fixture.js";
import { parseXml, type XmlElement } from "../support/xml.js";

const children = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);

describe("renderJunit", () => {
  const xml = renderJunit(reportWith(), FIXTURE_KEY);
  const root = parseXml(xml);
  const suite = children(root, "testsuite")[0]!;
  const cases = children(suite, "testcase");

  it("is well-formed XML though the finding holds <, &, quotes and a control character", () => {
    expect(root.name).toBe("testsuites");
    expect(children(root, "testsuite")).toHaveLength(1);
  });

  it("has one suite, petstore-verify, with a test case per check kind", () => {
    expect(suite.attributes).toMatchObject({
      name: "petstore-verify",
      tests: String(CHECK_KINDS.length),
      failures: "1",
    });
    expect(cases.map((testcase) => testcase.attributes.name)).toEqual([...CHECK_KINDS]);
  });

  it("fails the case of each finding's check with a <failure> that holds the reproduction", () => {
    const failing = cases.filter((testcase) => children(testcase, "failure").length > 0);
    expect(failing.map((testcase) => testcase.attributes.name)).toEqual(["document.status"]);
    const failure = children(failing[0]!, "failure")[0]!;
    expect(failure.attributes.message).toContain("GET /pets/7 answered 500");
    expect(failure.text).toContain("PET_1=$(curl -sS -X POST");
    expect(failure.text).toContain("<oops> & more");
    expect(failure.text).toContain(JSON.stringify({ name: AWKWARD_NAME, categoryId: 1 }).replaceAll("'", `'\\''`));
  });

  it("skips the checks only writes exercise in a --read-only run", () => {
    const suite = children(
      parseXml(renderJunit(reportWith({ findings: [], readOnly: true }), FIXTURE_KEY)),
      "testsuite",
    )[0]!;
    const skipped = children(suite, "testcase").filter((testcase) => children(testcase, "skipped").length > 0);
    expect(skipped.map((testcase) => testcase.attributes.name)).toEqual([...WRITE_ONLY_CHECKS]);
    expect(suite.attributes.skipped).toBe(String(WRITE_ONLY_CHECKS.length));
  });

  it("never holds the key", () => {
    expect(xml).not.toContain(FIXTURE_KEY);
  });

  it("passes every case of a clean run", () => {
    const clean = parseXml(renderJunit(reportWith({ findings: [] }), FIXTURE_KEY));
    expect(children(clean, "testsuite")[0]!.attributes.failures).toBe("0");
  });
});

describe("the test's XML reader", () => {
  it.each([
    ["<a><b></a>", "closes"],
    ["<a>x & y</a>", "entity"],
    ["<a b=c/>", "not quoted"],
    ["<a>\u0001</a>", "not allowed"],
    ["<a/><b/>", "after the root"],
  ])("refuses %j", (source, why) => {
    expect(() => parseXml(source)).toThrow(why);
  });
});
