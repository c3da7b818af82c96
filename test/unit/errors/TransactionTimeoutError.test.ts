import { describe, expect, it } from "vitest"
import { TransactionTimeoutError } from "../../../src/errors/TransactionTimeoutError.js"

const hash = `0x${"ab".repeat(32)}`

describe("TransactionTimeoutError.of", () => {
  it("links the transaction on the explorer, whatever slashes end its base URL", () => {
    const error = TransactionTimeoutError.of({
      txHash: hash,
      attempts: 30,
      blockExplorerBaseUrl: "https://scan.test//",
    })
    expect(error.blockExplorerBaseUrl).toBe("https://scan.test")
    expect(error.explorerUrl).toBe(`https://scan.test/tx/${hash}`)
    expect(error.message).toBe(
      `Failed to receive a successful response for transaction with hash '${hash}' after 30 attempt(s).`,
    )
  })

  it("without an explorer, has no link fields at all", () => {
    const error = TransactionTimeoutError.of({ txHash: hash, attempts: 1 })
    expect(error).not.toHaveProperty("blockExplorerBaseUrl")
    expect(error).not.toHaveProperty("explorerUrl")
    expect(error._tag).toBe("TransactionTimeoutError")
  })
})
