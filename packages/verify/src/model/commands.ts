// Model-based testing of the documented state rules: a model of the store predicts the outcome of
// every command (status, error code, body), and invariants are checked on the real state after each.

import type fc from "fast-check";
import { authCommands } from "./auth.js";
import { categoryCommands } from "./categories.js";
import { type Command, pickArbitrary } from "./command.js";
import { checkInvariants, compareWithStore } from "./invariants.js";
import { orderCommands } from "./orders.js";
import { petCommands } from "./pets.js";
import { readCommands } from "./reads.js";
import { restockCommands } from "./restock.js";

/** Every command, each as an arbitrary; `readOnly`: only those that send no write. */
export const commandArbitraries = (options: { readOnly?: boolean } = {}): fc.Arbitrary<Command>[] => [
  ...(options.readOnly
    ? []
    : [
        ...categoryCommands(pickArbitrary),
        ...petCommands(pickArbitrary),
        ...orderCommands(pickArbitrary),
        ...restockCommands(pickArbitrary),
      ]),
  ...readCommands(pickArbitrary),
  ...authCommands(options),
];

/**
 * Wraps a command so that after it runs, the invariants and the model are checked against the state
 * (`real.observe`; without it the command runs alone, and a runner reads the state back later).
 */
export function checked(command: Command): Command {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      if (!real.observe) {
        return command.run(model, real);
      }
      const ledger = checkInvariants(real.observe(), undefined, undefined);
      model.restocked = undefined;
      await command.run(model, real);
      checkInvariants(real.observe(), ledger, model.restocked);
      compareWithStore(model, real.observe());
    },
    toString: () => command.toString(),
  };
}
