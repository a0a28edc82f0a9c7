// `--json FILE` and `--junit FILE`. Whether each can be written is checked before the run, so a typo
// in a path costs seconds, not a whole run against the backend; a write that still fails after the
// run (the disk filled up meanwhile) is exit status 2 too, after the printed report.
import { accessSync, constants, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { renderJson } from "../report/json.js";
import { renderJunit } from "../report/junit.js";
import type { VerifyReport } from "../report.js";
import type { ReportFiles } from "./flags.js";

/** A report file that cannot be written: the flag and the file are in the message. */
export class ReportFileError extends Error {
  override name = "ReportFileError";
}

const RENDERERS = { json: renderJson, junit: renderJunit } as const;

/** Throws ReportFileError unless every file given can be created or overwritten; writes nothing. */
export function checkReportFilesWritable(files: ReportFiles): void {
  for (const [format, file] of Object.entries(files) as [keyof ReportFiles, string][]) {
    const path = resolve(file);
    const existing = statSync(path, { throwIfNoEntry: false });
    if (existing?.isDirectory()) {
      throw new ReportFileError(`--${format} ${file}: is a directory, not a file`);
    }
    const folder = dirname(path);
    try {
      accessSync(existing ? path : folder, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === "ENOENT"
          ? `the folder ${folder} does not exist`
          : existing
            ? "not allowed to write this file"
            : `not allowed to create files in ${folder}`;
      throw new ReportFileError(`--${format} ${file}: cannot be written (${why})`);
    }
  }
}

/** Writes each report file asked for; the key is redacted in all of them. */
export function writeReportFiles(files: ReportFiles, report: VerifyReport, apiKey: string): void {
  for (const [format, file] of Object.entries(files) as [keyof ReportFiles, string][]) {
    try {
      writeFileSync(file, RENDERERS[format](report, apiKey));
    } catch (error) {
      throw new ReportFileError(`--${format} ${file}: cannot be written (${(error as Error).message})`);
    }
  }
}
