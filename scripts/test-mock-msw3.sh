#!/usr/bin/env bash
# Runs the mock's behaviour suite again on msw 3 under Node 24 (msw 3 needs Node 22+), in a
# throwaway copy outside the workspace, so the workspace's own msw 2 / Node 20 setup stays as is.
# The copy keeps the repository's layout, so the self-check (packages/contract) runs there too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A workspace package's folder, found by its name as Node finds it from the repository's root.
folder_of() { (cd "$root" && dirname "$(node -p "require.resolve('@petstore/$1/package.json')")"); }
mock="$(folder_of mock)" contract="$(folder_of contract)" testing="$(folder_of testing)"
# Node 24 from npx's cache, asked for once (each `npx node@24` costs about 4 CPU-s), first on PATH as under npx.
node24="$(node "$testing/src/node24.js")"
with_node24() { PATH="$(dirname "$node24"):$PATH" "$@"; }
version_of() { node -p "const p = require('$(folder_of "$1")/package.json'); ({...p.dependencies, ...p.devDependencies})['$2']"; }

mkdir -p "$work/openapi" "$work/packages/mock" "$work/packages/contract" "$work/packages/testing" "$work/node_modules/@petstore"
# The documents the contract reads: the API and the control API (which refers to the API).
cp "$root/openapi/petstore.yaml" "$root/openapi/control.yaml" "$work/openapi/"
cp -r "$mock/src" "$mock/test" "$mock/bin" "$mock/dist" "$mock/scripts" "$mock/package.json" "$mock/README.md" "$mock/"vitest.{config,process.config,browser.config}.ts \
  "$work/packages/mock/"
# The reference page whose snapshot a test of the mock reads (test/control-snapshot.test.ts).
mkdir -p "$work/docs/mock" && cp "$root/docs/mock/sessions.md" "$work/docs/mock/"
cp -r "$contract/src" "$contract/package.json" "$work/packages/contract/"
cp -r "$testing/src" "$testing/package.json" "$work/packages/testing/"
cat > "$work/package.json" <<JSON
{
  "name": "petstore-mock-msw3-check",
  "private": true,
  "type": "module",
  "dependencies": {
    "msw": "^3.0.0",
    "@msw/data": "$(version_of mock @msw/data)",
    "@standard-schema/spec": "$(version_of mock @standard-schema/spec)",
    "vitest": "$(version_of contract vitest)",
    "ajv": "$(version_of contract ajv)",
    "ajv-formats": "$(version_of contract ajv-formats)",
    "yaml": "$(version_of contract yaml)",
    "esbuild": "$(version_of testing esbuild)",
    "playwright-core": "$(version_of testing playwright-core)"
  }
}
JSON
cd "$work"
npm install --no-audit --no-fund --loglevel=error >/dev/null
for package in mock contract testing; do ln -s "$work/packages/$package" "$work/node_modules/@petstore/$package"; done
echo "msw $(node -p "require('./node_modules/msw/package.json').version") on Node 24:"
cd packages/mock
# The tiers of the mock's tests (README "Tests") that go through msw: vitest.config.ts (in-process: the behaviour suites
# through MSW and the in-memory fetch) and vitest.browser.config.ts (Chromium, the service worker). Of the process tier
# (vitest.process.config.ts: the CLI, sockets, the node:http adapter, none of which goes through msw) only the files
# that start msw themselves run here; the rest runs in the main run (`mock:process` of `pnpm test:unit`), which is the
# same code with no msw in it. They leave out the tests of the packed package (the `mock:package` project of the main
# run); the type tests (*.test-d.ts) need the workspace's TypeScript and tsconfig and are covered by the main run too.
run_tier() {
  with_node24 node ../../node_modules/vitest/vitest.mjs run --config "$@" \
    --typecheck.enabled=false --reporter=minimal --silent=passed-only
}
run_tier vitest.config.ts
mapfile -t msw_process_files < <(grep -rlE "from \"msw|setupPetstoreServer|createPetstoreHandlers|createPetstoreOverrides" \
  test --include='*.process.test.ts' | sort)
if [ "${#msw_process_files[@]}" -eq 0 ]; then
  echo "no process-tier test file uses msw: expected at least test/regressions/relative-base-url-is-one-origin.process.test.ts" >&2
  exit 1
fi
# And one that is about Node 22+ rather than msw: the keyless-bodies memory bound differs there (see the file).
run_tier vitest.process.config.ts "${msw_process_files[@]}" test/regressions/unauthenticated-bodies-are-never-read.process.test.ts
run_tier vitest.browser.config.ts
# The built Node entry takes msw 3's `msw/http` where msw 2 has `msw/core/http`: both builds answer through msw.
for build in node.js node.cjs; do
  with_node24 node -e "
    const load = '$build'.endsWith('.cjs') ? async (file) => require(file) : (file) => import(file);
    load('./dist/$build').then(async ({ setupPetstoreServer }) => {
      const server = setupPetstoreServer({ apiKeys: ['msw3-check'] });
      server.listen({ onUnhandledRequest: 'error' });
      const response = await fetch('http://127.0.0.1:4010/pets/1', { headers: { Authorization: 'Bearer msw3-check' } });
      server.close();
      if (response.status !== 200) throw new Error('dist/$build on msw 3 answered ' + response.status);
    });"
done
