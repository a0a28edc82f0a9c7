// The Worker: every request goes to the Durable Object of its session, which serves the mock.
import { PetstoreSessionObject, petstoreCloudflareWorker } from "@petstore/mock/worker";

export { PetstoreSessionObject };
export default petstoreCloudflareWorker;
