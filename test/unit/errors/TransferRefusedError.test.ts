import { describe, expect, it } from "@effect/vitest"
import { TransferRefusedError } from "../../../src/errors/TransferRefusedError.js"

describe("TransferRefusedError", () => {
  it("names the reason and the item, and says nothing was sent", () => {
    const error = TransferRefusedError.of({
      reason: "owner",
      token: "0xabc:7",
      short: "The wallet does not own the token it would transfer",
      facts: { Wallet: "0x1", Owner: "0x2" },
    })
    expect(error).toMatchObject({ _tag: "TransferRefusedError", reason: "owner", token: "0xabc:7" })
    expect(error.message).toBe(
      "The wallet does not own the token it would transfer\n\nToken: 0xabc:7\nWallet: 0x1\nOwner: 0x2\n\n" +
        "Details: tradekit checked the transfer on chain before the wallet; nothing was signed or sent.",
    )
  })

  it("leaves the token out when the whole transfer is at fault (its recipient)", () => {
    const error = TransferRefusedError.of({ reason: "recipient", short: "No recipient" })
    expect(error.token).toBeUndefined()
    expect(error.message.startsWith("No recipient\n\nDetails:")).toBe(true)
  })

  it("refuses a reason it does not know", () => {
    expect(() => new TransferRefusedError({ message: "m", reason: "other" as never })).toThrow()
  })
})
