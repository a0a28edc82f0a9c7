// The Worker: every request goes to the Durable Object of its session, which serves the mock.
import { PetstoreSession, petstoreWorker } from "@petstore/mock/worker";

export { PetstoreSession };
export default petstoreWorker;
