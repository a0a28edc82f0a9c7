// One store size of the cost-growth measurement (bench/cost-growth.mjs), in a process of its own so each size has
// its own heap, as a mock of that size would. Usage (forked, with an IPC channel): node cost-growth-child.mjs <pets>.
// Seeds the store, sends `{ ready, seedMs }`, then answers each message `{ operation, batch }` with the CPU time
// (process.cpuUsage(), µs) of `batch` calls of that operation through the app's handle(), one after another.
import { createPetstoreApp, createPetstoreStore, seed } from "@petstore/mock";
import { OPERATIONS } from "../cost-growth.mjs";

const size = Number(process.argv[2]);
const store = createPetstoreStore();
const seeding = performance.now();
await seed(store, { pets: size });
const seedMs = performance.now() - seeding;
const app = createPetstoreApp({ store });
const calls = new Map(OPERATIONS.map(({ name }) => [name, 0]));

process.on("message", async ({ operation, batch }) => {
  const { make, status } = OPERATIONS.find(({ name }) => name === operation);
  let call = calls.get(operation);
  const started = process.cpuUsage();
  for (let index = 0; index < batch; index++, call++) {
    const response = await app.handle(make(call, size));
    if (response.status !== status) {
      throw new Error(`${operation} at ${size}: ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
  const { user, system } = process.cpuUsage(started);
  calls.set(operation, call);
  process.send({ cpuUs: user + system });
});
process.send({ ready: true, seedMs });
