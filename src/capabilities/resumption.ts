import * as Layer from "effect/Layer"
import { resumeExecution } from "../actions/resume.js"
import type { Capability } from "./Capability.js"
import { Resumer } from "./Resumer.js"

/**
 * Resumption: `client.resume({ snapshot })` carries on an execution from a snapshot stored before (a reload, a
 * crash), reconciling what its journal recorded with the chain and the API. The Effect API's `resumeExecution`
 * needs no capability: importing it is what a page pays.
 */
export const resumption: Capability = {
  name: "resumption",
  layer: () => Layer.succeed(Resumer, resumeExecution),
}
