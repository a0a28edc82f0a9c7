// Model-based testing of the documented state rules: a model of the store predicts the outcome of
// every command (status, error code, body), and invariants are checked on the real state after each.

import type fc from "fast-check";
import { categoryCommands } from "./categories.js";
import { type Command, pickArbitrary } from "./command.js";
import { checkInvariants, compareWithStore } from "./invariants.js";
import { orderCommands } from "./orders.js";
import { petCommands } from "./pets.js";
import { readCommands } from "./reads.js";
import { restockCommands } from "./restock.js";

/** Every command, each as an arbitrary. */
export const commandArbitraries = (): fc.Arbitrary<Command>[] => [
  ...categoryCommands(pickArbitrary),
  ...petCommands(pickArbitrary),
  ...orderCommands(pickArbitrary),
  ...restockCommands(pickArbitrary),
  ...readCommands(pickArbitrary),
];

/** Wraps a command so that after it runs, the invariants and the model are checked against the store. */
export function checked(command: Command): Command {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      const ledger = checkInvariants(real.store.snapshot(), undefined, undefined);
      model.restocked = undefined;
      await command.run(model, real);
      checkInvariants(real.store.snapshot(), ledger, model.restocked);
      compareWithStore(model, real.store.snapshot());
    },
    toString: () => command.toString(),
  };
}
