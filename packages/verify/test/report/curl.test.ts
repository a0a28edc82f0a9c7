import { execFile, execFileSync } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlCommand, reproductionScript, shellWord } from "../../src/report/curl.js";
import { API_KEY_VARIABLE, redactKey } from "../../src/report/redact.js";
import type { Exchange } from "../../src/report.js";
import {
  createPetExchange,
  FIXTURE_BASE_URL,
  FIXTURE_KEY,
  getPetExchange,
  reportWith,
} from "../support/report-fixture.js";

// The curl lines are for pasting into a shell: each is run here by bash against a local server that
// keeps what arrived, which must be the request the run sent.
interface Arrived {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let origin: string;
const arrived: Arrived[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      arrived.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      // A POST creates a record (its id, as a reproduction keeps it); anything else has no answer to show.
      if (request.method === "POST") {
        response.writeHead(201, { "content-type": "application/json" }).end('{"id":7,"name":"made"}');
      } else {
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The exchange as a report shows it (key redacted), aimed at the local server. */
function shown(exchange: Exchange): Exchange {
  const fixture = reportWith();
  const [redacted] = redactKey({ ...fixture, findings: [{ ...fixture.findings[0]!, steps: [exchange] }] }, FIXTURE_KEY)
    .findings[0]!.steps;
  return { ...redacted!, url: redacted!.url.replace(FIXTURE_BASE_URL, origin) };
}

/**
 * Runs a curl line in bash with the key in the environment, as a user would after `export PETSTORE_API_KEY=…`
 * (asynchronously: the server answering it runs in this process).
 */
async function runInBash(line: string): Promise<Arrived> {
  arrived.length = 0;
  await promisify(execFile)("bash", ["--noprofile", "--norc", "-c", line], {
    env: { PATH: process.env.PATH, PETSTORE_API_KEY: FIXTURE_KEY },
  });
  return arrived[0]!;
}

describe("curlCommand", () => {
  it("sends, through bash, the POST the run sent: method, URL, headers, body with quotes, $ and a line break", async () => {
    const line = curlCommand(shown(createPetExchange));
    expect(line).not.toContain(FIXTURE_KEY);
    expect(line).toContain('-H "authorization: Bearer $PETSTORE_API_KEY"');
    const request = await runInBash(line);
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/pets?note=a%20b&x=$y");
    expect(request.headers.authorization).toBe(`Bearer ${FIXTURE_KEY}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toBe(createPetExchange.body);
  });

  it("sends a GET with no body", async () => {
    const request = await runInBash(curlCommand(shown(getPetExchange)));
    expect(request).toMatchObject({ method: "GET", url: "/pets/7", body: "" });
    expect(request.headers.authorization).toBe(`Bearer ${FIXTURE_KEY}`);
  });

  it("sends a HEAD as curl --head, which does not wait for a body", async () => {
    const line = curlCommand(shown({ ...getPetExchange, method: "HEAD" }));
    expect(line).toContain("--head");
    expect((await runInBash(line)).method).toBe("HEAD");
  });

  it("keeps a wrong key a run sent on purpose, and curl's own headers out", () => {
    const line = curlCommand({
      ...getPetExchange,
      headers: { authorization: "Bearer wrong", host: "x", "content-length": "0" },
    });
    expect(line).toContain("'authorization: Bearer wrong'");
    expect(line).not.toMatch(/host:|content-length:/);
  });
});

describe("reproductionScript", () => {
  it("prints the answer of a last call that creates a record, its id kept for the clean-up", async () => {
    const script = reproductionScript([shown(createPetExchange)], [{ method: "DELETE", url: `${origin}/pets/7` }], {
      Authorization: `Bearer ${API_KEY_VARIABLE}`,
    });
    expect(script.cleanup).toEqual([expect.stringContaining(`/pets/\${PET_1}`)]);
    const { stdout } = await promisify(execFile)("bash", ["--noprofile", "--norc", "-c", script.steps.join("\n")], {
      env: { PATH: process.env.PATH, PETSTORE_API_KEY: FIXTURE_KEY },
    });
    // The id kept first, then the whole answer: its status line, headers and body.
    expect(stdout).toMatch(/^PET_1=7\nHTTP\/1\.1 201 Created\r?\n[\s\S]*\{"id":7,"name":"made"\}\n$/);
  });
});

describe("shellWord", () => {
  it.each([
    ["plain", "plain"],
    ["it's", `'it'\\''s'`],
    ["$HOME", `'$HOME'`],
    ["Bearer $PETSTORE_API_KEY", `"Bearer $PETSTORE_API_KEY"`],
    ['say "$PETSTORE_API_KEY"', `'say "'"$PETSTORE_API_KEY"'"'`],
  ])("quotes %j as %s", (word, quoted) => {
    expect(shellWord(word)).toBe(quoted);
  });

  it("reads back as the same word in bash for every awkward character", () => {
    const words = ["a'b", 'a"b', "a$b", "a\\b", "a`b`", "a!b", "a\nb", "a b", "", "-X", "$PETSTORE_API_KEY'$"];
    const printed = execFileSync(
      "bash",
      ["--noprofile", "--norc", "-c", `printf '%s\\0' ${words.map(shellWord).join(" ")}`],
      {
        env: { PATH: process.env.PATH, PETSTORE_API_KEY: "KEY" },
        encoding: "utf8",
      },
    );
    expect(printed.split("\0").slice(0, -1)).toEqual(words.map((word) => word.replaceAll("$PETSTORE_API_KEY", "KEY")));
  });
});
