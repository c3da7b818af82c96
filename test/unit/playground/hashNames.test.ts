import { describe, expect, it } from "vitest"
import { partsOf } from "../../../playground/src/hashNames.js"

const a = `0x${"ab".repeat(32)}`
const b = `0x${"CD".repeat(32)}`

describe("hashes named in the playground's error messages", () => {
  it("cuts a message at each hash and names the hashes the page knows", () => {
    const names = new Map([[a, "Devnet Punks #13"]])
    expect(partsOf(`${a}, ${b} would stay fillable`, names)).toEqual([
      { hash: a, name: "Devnet Punks #13" },
      ", ",
      { hash: b, name: undefined },
      " would stay fillable",
    ])
  })

  it("leaves a message without a hash whole", () => {
    expect(partsOf("execution reverted", new Map())).toEqual(["execution reverted"])
  })
})
