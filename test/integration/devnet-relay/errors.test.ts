/**
 * The devnet Relay's error answers, in Relay's shape: a 400 `{message, errorCode, errorData, requestId}` for
 * each request it cannot quote.
 */
import { encodeFunctionData, parseEther, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { relayApi } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
})
afterAll(async () => {
  await devnet?.stop()
})

const user = () => devnet.accounts.users[2]!.address
const mint = (quantity: bigint) => ({
  to: devnet.contracts.destination.punks,
  data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [user(), quantity] }),
  value: (parseEther("0.01") * quantity).toString(),
})
const body = (overrides: Record<string, unknown> = {}) => ({
  user: user(),
  originChainId: devnet.originChainId,
  destinationChainId: devnet.destinationChainId,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: parseEther("0.01").toString(),
  tradeType: "EXACT_OUTPUT",
  txs: [mint(1n)],
  refundTo: user(),
  ...overrides,
})

/** Relay's error body, with `errorCode`. */
const relayError = (errorCode: string) => ({
  message: expect.any(String),
  errorCode,
  errorData: expect.any(String),
  requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
})

describe("the devnet Relay's errors", () => {
  it.each([
    ["a missing user", { user: undefined }, "INVALID_INPUT"],
    ["an amount that is not a decimal string", { amount: 1 }, "INVALID_INPUT"],
    ["an unknown trade type", { tradeType: "EXACT" }, "INVALID_INPUT"],
    ["a call without an address", { txs: [{ value: "0" }] }, "INVALID_INPUT"],
    ["an unsupported chain", { destinationChainId: 1 }, "UNSUPPORTED_CHAIN"],
    ["an ERC-20 currency", { originCurrency: "0x0000000000000000000000000000000000000001" }, "NO_QUOTES"],
    ["an amount other than the calls' value", { amount: parseEther("0.02").toString() }, "INVALID_EXTRA_TXS"],
  ])("answers 400 to %s", async (_name, overrides, errorCode) => {
    const answer = await relayApi(devnet, "POST", "/quote/v2", body(overrides))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(relayError(errorCode))
    expect(answer.headers.get("sunset")).toBe("Tue, 23 Feb 2027 00:00:00 GMT")
  })

  it("answers 400 to a body that is not JSON", async () => {
    const answer = await relayApi(devnet, "POST", "/quote/v2", "{not json")
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(relayError("INVALID_INPUT"))
  })

  it("refuses a call that would revert on the destination chain, naming the failed call", async () => {
    const answer = await relayApi(
      devnet,
      "POST",
      "/quote/v2",
      body({ amount: parseEther("0.06").toString(), txs: [mint(6n)] }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      ...relayError("DESTINATION_TX_FAILED"),
      failedCallData: {
        from: devnet.relay.solver,
        to: devnet.relay.chains[devnet.destinationChainId]!.router,
        value: parseEther("0.06").toString(),
      },
    })
  })

  it("answers a status request for an unknown or malformed request id with Relay's error body", async () => {
    const unknown = await relayApi(devnet, "GET", `/intents/status/v3?requestId=0x${"11".repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(relayError("REQUEST_NOT_FOUND"))
    const malformed = await relayApi(devnet, "GET", "/intents/status/v3?requestId=abc")
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual(relayError("INVALID_INPUT"))
  })

  it("refuses to index a transaction of an unknown chain or a malformed hash", async () => {
    const chain = await relayApi(devnet, "POST", "/transactions/index", { chainId: 5, txHash: `0x${"22".repeat(32)}` })
    expect(chain.status).toBe(400)
    expect(chain.body).toEqual(relayError("INVALID_INPUT"))
    const hash = await relayApi(devnet, "POST", "/transactions/index", {
      chainId: devnet.originChainId,
      txHash: "0x12",
    })
    expect(hash.status).toBe(400)
    expect(hash.body).toEqual(relayError("INVALID_INPUT"))
  })
})
