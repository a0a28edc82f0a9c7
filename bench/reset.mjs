// 10. Reset: how long `reset()` takes to put a store back to its seeded state, at the demo data and
// at 100,000 pets, set beside what the @msw/data collection's own clear() (which resets used before)
// costs for the same records.
import { createRequire } from "node:module";
import { createPetstoreApp, createPetstoreStore, seed } from "@petstore/mock";
import { request } from "./cost-growth.mjs";
import { log, MOCK_DIR, median } from "./lib/common.mjs";

/** The nearest-rank percentile `p` (0..100) of the samples. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const timed = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

/** Adds pets to a store, past its baseline, until it holds `total`. */
async function fillTo(store, total) {
  while (store.pets.size < total) {
    await store.pets.insert({ name: `Filler ${store.pets.size}`, categoryId: 1, status: "available" });
  }
}

/** Resets a store of the demo data after one write each time (a test's worth of change). */
async function resetAtDemoData(samples) {
  const store = createPetstoreStore();
  await seed(store);
  const app = createPetstoreApp({ store });
  const times = [];
  for (let index = 0; index < samples + 10; index++) {
    const created = await app.handle(request("POST", "/pets", { name: "Temporary", categoryId: 1 }));
    if (created.status !== 201) {
      throw new Error(`POST /pets: ${created.status} ${JSON.stringify(created.body)}`);
    }
    const ms = await timed(() => store.reset());
    if (store.pets.size !== 20) {
      throw new Error(`reset left ${store.pets.size} pets, not the 20 of the demo data`);
    }
    // The first ten warm up the code paths.
    if (index >= 10) {
      times.push(ms);
    }
  }
  return { pets: 20, times };
}

/** Resets a store of the demo data that was filled up to `pets` pets (what many tests leave behind). */
async function resetFilledStore(pets, samples) {
  const store = createPetstoreStore();
  await seed(store);
  const times = [];
  for (let index = 0; index < samples; index++) {
    await fillTo(store, pets);
    times.push(await timed(() => store.reset()));
    if (store.pets.size !== 20) {
      throw new Error(`reset left ${store.pets.size} pets, not the 20 of the demo data`);
    }
  }
  return { pets, times };
}

/**
 * Resets a store seeded with `pets` pets (its baseline) after `orders` orders: up to 100 changes a table
 * are undone record by record; past that, the orders and stock tables are put back whole, one
 * validated record at a time.
 */
async function resetLargeSeededStore(pets, orders, samples) {
  const store = createPetstoreStore();
  await seed(store, { pets });
  const app = createPetstoreApp({ store });
  const times = [];
  // One order a pet, each of a pet with stock to spare (the same ones every time, as reset puts them back).
  const stocked = [...store.inventory.values()].filter((item) => item.status === "available" && item.quantity > 1);
  for (let index = 0; index < samples; index++) {
    for (let order = 0; order < orders; order++) {
      const { petId } = stocked[order % stocked.length];
      const placed = await app.handle(request("POST", "/store/orders", { petId, quantity: 1 }));
      if (placed.status !== 201) {
        throw new Error(`POST /store/orders: ${placed.status} ${JSON.stringify(placed.body)}`);
      }
    }
    times.push(await timed(() => store.reset()));
  }
  return { pets, orders, times };
}

/** The @msw/data collection's own clear() of `pets` pets: what every reset did before it replaced collections. */
async function collectionClear(pets) {
  const require = createRequire(`${MOCK_DIR}/package.json`);
  const { Collection } = await import(require.resolve("@msw/data"));
  const schema = { "~standard": { version: 1, vendor: "bench", validate: (value) => ({ value }) } };
  const collection = new Collection({ schema });
  for (let id = 1; id <= pets; id++) {
    await collection.create({ id, name: `Pet ${id}`, categoryId: 1, status: "available" });
  }
  return timed(() => collection.clear());
}

const summary = ({ times, ...scenario }) => ({
  ...scenario,
  runs: times.length,
  p50: median(times),
  p95: percentile(times, 95),
});

export default async function reset({ smoke }) {
  const [demoRuns, largePets, largeRuns, seededRuns, wholeRuns, clearPets] = smoke
    ? [20, 2_000, 3, 3, 1, 500]
    : [300, 100_000, 15, 30, 3, 10_000];
  const demo = summary(await resetAtDemoData(demoRuns));
  log(`reset: demo data: p50 ${demo.p50.toFixed(2)} ms, p95 ${demo.p95.toFixed(2)} ms`);
  const large = summary(await resetFilledStore(largePets, largeRuns));
  log(`reset: ${largePets} pets down to the demo data: p50 ${large.p50.toFixed(1)} ms, p95 ${large.p95.toFixed(1)} ms`);
  const seeded = summary(await resetLargeSeededStore(largePets, 1, seededRuns));
  log(
    `reset: seeded with ${largePets} pets, after an order: p50 ${seeded.p50.toFixed(1)} ms, p95 ${seeded.p95.toFixed(1)} ms`,
  );
  const whole = summary(await resetLargeSeededStore(largePets, 150, wholeRuns));
  log(`reset: seeded with ${largePets} pets, after 150 orders: p50 ${whole.p50.toFixed(0)} ms`);
  const before = {
    pets: clearPets,
    clearMs: await collectionClear(clearPets),
    resetMs: summary(await resetFilledStore(clearPets, 5)).p50,
  };
  log(
    `reset: ${clearPets} pets: collection.clear() ${before.clearMs.toFixed(0)} ms, reset() ${before.resetMs.toFixed(1)} ms`,
  );
  return { demo, large, seeded, whole, before };
}
