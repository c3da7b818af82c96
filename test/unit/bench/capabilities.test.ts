import { describe, expect, it } from "vitest"
import { capabilityOf, capabilityWeights } from "../../../bench/capabilities.js"

describe("capabilityOf", () => {
  it("names the capability a module serves, and none for a module every flow needs", () => {
    expect(capabilityOf("src/pipeline/history/Journal.ts")).toBe("resume and the journal")
    expect(capabilityOf("/abs/src/pipeline/sendBatch.ts")).toBe("EIP-5792 batching")
    expect(capabilityOf("src/apis/reservoir/statusSocket.ts")).toBe("status socket")
    expect(capabilityOf("src/pipeline/executeSteps.ts")).toBeUndefined()
    expect(capabilityOf("node_modules/effect/dist/Effect.js")).toBeUndefined()
  })
})

describe("capabilityWeights", () => {
  it("sums each capability's bytes and estimates its gzip share of the bundle", () => {
    const weights = capabilityWeights(
      {
        "src/pipeline/history/Journal.ts": { bytesInOutput: 300 },
        "src/pipeline/resumeFrom.ts": { bytesInOutput: 100 },
        "src/pipeline/executeSteps.ts": { bytesInOutput: 600 },
      },
      500,
    )
    expect(weights.find((w) => w.capability === "resume and the journal")).toEqual({
      capability: "resume and the journal",
      minified: 400,
      gzip: 200,
    })
    expect(weights.find((w) => w.capability === "status socket")?.minified).toBe(0)
  })
})
