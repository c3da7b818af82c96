import * as Schema from "effect/Schema"

/**
 * What was asked needs a capability the client was made without (`tradekit/lite`): a chain with a `websocketUrl`
 * and no status socket, `simulate: true` and no simulation, a paymaster and no batches, a resume and no
 * resumption. The message names the capability to add. Raised before any request: nothing was signed or sent.
 */
export class CapabilityMissingError extends Schema.TaggedError<CapabilityMissingError>()("CapabilityMissingError", {
  message: Schema.String,
  /** The capability to add to the client's `capabilities`, as `tradekit/lite` exports it (`statusSocket`). */
  capability: Schema.String,
}) {
  /** The error for `capability`, which `what` needs. */
  static of(capability: string, what: string): CapabilityMissingError {
    return new CapabilityMissingError({
      capability,
      message: `${what} needs the ${capability} capability, which this client was made without: add ${capability} to its capabilities (from "tradekit/lite")`,
    })
  }
}
