// The baseline of the Worker's throughput (bench/worker.mjs): the same route (the Worker, then a Durable Object
// by name) answering a fixed body, so what is left is the cost of `wrangler dev` and the object hop alone.
export class Baseline {
  async fetch() {
    return new Response('[{"id":1,"name":"Rex","categoryId":1,"status":"available"}]', {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  }
}

export default {
  async fetch(request, env) {
    return env.BASELINE.get(env.BASELINE.idFromName("default")).fetch(request);
  },
};
