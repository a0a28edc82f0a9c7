// @ts-check
// Headless Chromium for the browser tests, driven by playwright-core (which downloads no browser):
// the system's Chromium, launched the same way by every test.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

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

/** Launches headless Chromium with `CHROMIUM_ARGS`. */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
