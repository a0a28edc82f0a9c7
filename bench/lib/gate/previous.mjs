// Which build the gate sets this one against, when --baseline names none: the build before the change under test.
// - The working tree has changes to the mock (or the lockfile): HEAD, the build they change.
// - Else HEAD is on a branch off main: where it left main (the change is the whole branch).
// - Else (CI's clone of main, or main itself): HEAD's first parent, the build before the last commit.
import { execFileSync } from "node:child_process";
import { ROOT } from "../common.mjs";

const git = (...args) =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

/** The commit to build as the gate's baseline, and why it is that one. */
export function previousCommit() {
  if (git("status", "--porcelain", "--", "packages/mock", "pnpm-lock.yaml")) {
    return { ref: git("rev-parse", "HEAD"), why: "HEAD: the working tree changes the mock" };
  }
  const head = git("rev-parse", "HEAD");
  for (const main of ["origin/main", "main"]) {
    const base = tryGit("merge-base", "HEAD", main);
    if (base && base !== head) {
      return { ref: base, why: `where HEAD left ${main}` };
    }
  }
  const parent = tryGit("rev-parse", "--verify", "HEAD^1^{commit}");
  if (!parent) {
    throw new Error("the gate needs the commit before HEAD (a clone with history), or --baseline REF|DIR");
  }
  return { ref: parent, why: "HEAD's parent" };
}
