// The mock served by Bun (serveWithBun from @petstore/mock/bun), as the README's Bun section runs it.
import { BUN } from "@petstore/runtimes";
import { describeRuntime } from "./suite.js";

describeRuntime(BUN);
