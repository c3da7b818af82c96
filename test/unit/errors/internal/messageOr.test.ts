import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { messageOr } from "../../../../src/errors/internal/messageOr.js"

class Sample extends Schema.TaggedError<Sample>()("Sample", { message: messageOr("the fallback") }) {}

describe("messageOr", () => {
  it("fills an absent message with the fallback, and keeps a given one", () => {
    expect(new Sample({}).message).toBe("the fallback")
    expect(new Sample({ message: "given" }).message).toBe("given")
  })

  it("still requires a string when decoding: the default is the constructor's only", () => {
    expect(Schema.is(Sample)(new Sample({}))).toBe(true)
    expect(() => Schema.decodeUnknownSync(Schema.Struct({ message: messageOr("x") }))({ message: 1 })).toThrow()
  })
})
