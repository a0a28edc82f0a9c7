// Snapshots as files: a session's state saved to disk, and a file read back (its contents are checked by the
// control API when restored, like any snapshot).
import { h } from "./dom.js";

/** Starts the download of `snapshot` as `name`. */
export function downloadJson(name: string, snapshot: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: "application/json" }));
  h("a", { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The JSON of a chosen file, or an Error that names the file. */
export async function readJsonFile(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text());
  } catch (error) {
    throw new Error(`${file.name} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
