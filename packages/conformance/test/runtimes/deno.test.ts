// The mock served by Deno (serveWithDeno from @petstore/mock/deno), as the README's Deno section runs it.
import { DENO } from "@petstore/runtimes";
import { describeRuntime } from "./suite.js";

describeRuntime(DENO);
