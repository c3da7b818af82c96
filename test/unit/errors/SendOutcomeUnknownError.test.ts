import { describe, expect, it } from "vitest"
import { SendOutcomeUnknownError } from "../../../src/errors/SendOutcomeUnknownError.js"

const from = "0x1111111111111111111111111111111111111111"

describe("SendOutcomeUnknownError.of", () => {
  it.each([
    ["smart-account", "The account is a smart account"],
    ["no-nonce", "The wallet cannot look the account's transactions up by nonce."],
    ["open-prompt", "Your earlier confirmation may still be open in your wallet"],
    ["batch-unknown", "gave no calls id back"],
  ] as const)("says why for %s, with the account, the chain and how to send again", (reason, why) => {
    const error = SendOutcomeUnknownError.of({ from, chainId: 8453, reason })
    expect(error.reason).toBe(reason)
    expect(error.message.split("\n")[0]).toBe(
      "A transaction of this step may already have been sent, so it is not sent again",
    )
    expect(error.message).toContain(`Account: ${from}\nChain: 8453`)
    expect(error.message).toContain(why)
    expect(error.message).toContain("resume with resendUnknown: true")
  })

  it("without a reason, words it as a wallet that cannot look nonces up", () => {
    const error = SendOutcomeUnknownError.of({ from, chainId: 1 })
    expect(error).not.toHaveProperty("reason")
    expect(error.message).toContain("The wallet cannot look the account's transactions up by nonce.")
  })
})
