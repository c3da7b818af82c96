import { describe, expect, it } from "vitest"
import {
  APIError,
  BidDataMissingError,
  ChainMismatchError,
  ChainNotConfiguredError,
  CrossChainTransactionError,
  MissingChainConfigurationError,
  NoOrderIdsError,
  PollTimeoutError,
  SignatureCheckError,
  TransactionCancelledError,
  TransactionFailedError,
  TransactionHashMissingError,
  TransactionTimeoutError,
  UnknownError,
  UserRejectedError,
  WalletAddressMismatchError,
} from "../../../src/errors/index.js"
import { messageOf } from "../../../src/errors/messageOf.js"

const hash = `0x${"12".repeat(32)}`

describe("error messages are the contract's, verbatim", () => {
  it.each([
    [new NoOrderIdsError(), "No order ids specified"],
    [new BidDataMissingError({ bid: { weiPrice: "1" } }), "Some bid data is missing"],
    [new MissingChainConfigurationError(), "ReservoirClient missing chain configuration"],
    [new TransactionHashMissingError(), "Transaction hash not returned from sendTransaction method"],
    [new TransactionCancelledError({ txHash: hash }), "Transaction cancelled"],
    [
      new TransactionCancelledError({ txHash: hash, message: "Transaction was cancelled" }),
      "Transaction was cancelled",
    ],
    [new TransactionFailedError({ txHash: hash, reason: "reverted" }), "Transaction failed"],
    [
      new CrossChainTransactionError({ txHash: hash, attempts: 3 }),
      "Cross-chain purchase failed, please try again. Your balance can be used for another purchase. For assistance or withdrawal help, please contact the provider.",
    ],
    [PollTimeoutError.of({ kind: "data", attempts: 15 }), "Failed to get data after 15 attempt(s), aborting"],
    [PollTimeoutError.of({ kind: "ok", attempts: 1 }), "Failed to get an ok response after 1 attempt(s), aborting"],
    [new SignatureCheckError(), "Transaction failed"],
    [new SignatureCheckError({ message: "Order is not fillable" }), "Order is not fillable"],
    [new UnknownError(), "Error: something went wrong"],
    [new UserRejectedError({ operation: "signMessage" }), "User rejected the request."],
    [
      ChainNotConfiguredError.of({ chainId: 10, what: "a transaction" }),
      "Refused to sign a transaction for chain 10: it is not configured",
    ],
  ])("%s", (error, message) => {
    expect(error.message).toBe(message)
    expect(error).toBeInstanceOf(Error)
  })

  it("TransactionTimeoutError names the hash, the attempts and the explorer page", () => {
    const error = TransactionTimeoutError.of({
      txHash: hash,
      attempts: 75,
      blockExplorerBaseUrl: "https://etherscan.io/",
    })
    expect(error.message).toBe(
      `Failed to receive a successful response for transaction with hash '${hash}' after 75 attempt(s).`,
    )
    expect(error.blockExplorerBaseUrl).toBe("https://etherscan.io")
    expect(error.explorerUrl).toBe(`https://etherscan.io/tx/${hash}`)
    expect(TransactionTimeoutError.of({ txHash: hash, attempts: 1 }).explorerUrl).toBeUndefined()
  })

  it("APIError keeps the status and the raw body", () => {
    const error = new APIError({ message: "Invalid", statusCode: 400, rawError: { message: "Invalid" } })
    expect(error).toMatchObject({
      _tag: "APIError",
      message: "Invalid",
      statusCode: 400,
      rawError: { message: "Invalid" },
    })
  })

  it("the mismatch errors name both sides, as viem words it", () => {
    expect(ChainMismatchError.of({ walletChainId: 1, expectedChainId: 8453 }).message).toBe(
      "The wallet is on another chain\n\nCurrent chain id: 1\nExpected: 8453",
    )
    expect(WalletAddressMismatchError.of({ expected: "0xA", received: "0xB" }).message).toBe(
      "Refused to send a transaction from another account\n\nStep's from: 0xB\nWallet: 0xA",
    )
  })
})

describe("messageOf", () => {
  it("takes a string, else an error's message, else the catalogue's fallback", () => {
    expect(messageOf("Token is not listed")).toBe("Token is not listed")
    expect(messageOf({ message: "Order expired" })).toBe("Order expired")
    expect(messageOf({ message: "" })).toBe("Error: something went wrong")
    expect(messageOf(42)).toBe("Error: something went wrong")
    expect(messageOf(undefined)).toBe("Error: something went wrong")
  })
})
