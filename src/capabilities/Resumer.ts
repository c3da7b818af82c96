import * as Context from "effect/Context"
import type * as Resume from "../actions/resume.js"

/**
 * Resumption, when the client has it (the `resumption` capability): what `client.resume` runs. None by default: a
 * client made without it refuses a resume (CapabilityMissingError), and carries no snapshot decoder.
 */
export class Resumer extends Context.Reference<typeof Resume.resumeExecution | undefined>("tradekit/Resumer", {
  defaultValue: () => undefined,
}) {}
