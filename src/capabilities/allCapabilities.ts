import type { Capability } from "./Capability.js"
import { executorCapabilities } from "./executorCapabilities.js"
import { resumption } from "./resumption.js"

/**
 * Every capability: what `createClient` from `tradekit` has by default, `client.resume` included. (The Effect API
 * resumes with `resumeExecution`, and its layers default to `executorCapabilities`.)
 */
export const allCapabilities: ReadonlyArray<Capability> = [...executorCapabilities, resumption]
