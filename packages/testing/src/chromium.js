// @ts-check
// Headless Chromium for the browser tests, driven by playwright-core (which downloads no browser):
// the system's Chromium, launched the same way by every test.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { writeFileAtomically } from "./atomic.js";

/**
 * The Chromium to drive: $CHROMIUM_PATH, else `chromium` (or `chromium-browser`, `google-chrome`) on the
 * PATH, else Debian's /usr/bin/chromium.
 */
export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      throw new Error(`CHROMIUM_PATH is ${fromEnv}, but there is no such file`);
    }
    return fromEnv;
  }
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      return execFileSync("which", [name], { encoding: "utf8" }).trim();
    } catch {
      // Not on the PATH.
    }
  }
  if (existsSync("/usr/bin/chromium")) {
    return "/usr/bin/chromium";
  }
  throw new Error(
    "No Chromium found: install it (Debian: `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary",
  );
}

/** Headless, with no sandbox (containers), GPU, background traffic or updates: for every launcher of Chromium. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * Chromium features no test uses that cost CPU in every window: the address bar's popups, which Chromium preloads as
 * two WebUI pages in each new window (each browser context) even when headless, about a tenth of a light page's CPU.
 */
const UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features playwright-core disables when it launches `executablePath`, read once from the command line of a
 * launch and kept per playwright-core version: a second `--disable-features` replaces the first (the last one
 * wins), so ours must name playwright's too.
 * @param {string} executablePath
 * @returns {Promise<string[]>}
 */
async function playwrightDisabledFeatures(executablePath) {
  const { version } = createRequire(import.meta.url)("playwright-core/package.json");
  const kept = join(tmpdir(), "petstore-chromium", `disabled-features-${version}.json`);
  try {
    return JSON.parse(readFileSync(kept, "utf8"));
  } catch {
    // Not read yet on this machine.
  }
  const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  const args = server.process().spawnargs;
  await server.close();
  const flag = args.filter((arg) => arg.startsWith("--disable-features=")).at(-1);
  const features = flag ? flag.slice("--disable-features=".length).split(",").filter(Boolean) : [];
  writeFileAtomically(kept, JSON.stringify(features));
  return features;
}

/** Launches headless Chromium with `CHROMIUM_ARGS`, and without the features of `UNUSED_FEATURES`. */
export async function launchChromium() {
  const executablePath = chromiumPath();
  const disabled = [...(await playwrightDisabledFeatures(executablePath)), ...UNUSED_FEATURES];
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, `--disable-features=${disabled.join(",")}`] });
}
