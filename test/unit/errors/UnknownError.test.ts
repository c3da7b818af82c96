import { describe, expect, it } from "@effect/vitest"
import { UnknownError } from "../../../src/errors/UnknownError.js"

describe("UnknownError", () => {
  it("says something went wrong when it carries no message, and keeps its cause", () => {
    const error = new UnknownError({ cause: "a thrown string" })
    expect(error).toMatchObject({
      _tag: "UnknownError",
      message: "Error: something went wrong",
      cause: "a thrown string",
    })
    expect(error).toBeInstanceOf(Error)
  })

  it("keeps a message it is given", () => {
    expect(new UnknownError({ message: "the wallet vanished" }).message).toBe("the wallet vanished")
  })
})
