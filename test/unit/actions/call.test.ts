import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { parseAbi } from "viem"
import { call } from "../../../src/actions/call.js"
import { OTHER_CHAIN, setupRecording } from "../../support/recordingBook.js"
import { NFT, OTHER } from "../fixtures.js"

const abi = parseAbi(["function mint(uint256 amount) payable"])

describe("call", () => {
  it.effect("asks the destination chain's book, paid from the active chain, each transaction encoded", () =>
    Effect.gen(function* () {
      const { planned, wallet, run } = setupRecording()
      const txs = [
        { address: NFT, abi, functionName: "mint", args: [1n], value: 5n },
        { to: OTHER, data: "0x" as const },
      ]
      expect(yield* run(call({ toChainId: OTHER_CHAIN.id, txs }))).toBe(true)
      expect(planned).toEqual([
        {
          chainId: OTHER_CHAIN.id,
          request: {
            action: "call",
            params: {
              user: wallet.address,
              originChainId: 1,
              txs: [
                {
                  to: NFT,
                  data: "0xa0712d680000000000000000000000000000000000000000000000000000000000000001",
                  value: "5",
                },
                { to: OTHER, data: "0x", value: "0" },
              ],
            },
          },
        },
      ])
    }),
  )

  it.effect("a destination chain the client does not have is refused before the book is asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      const error = yield* Effect.flip(run(call({ toChainId: 999, txs: [{ to: OTHER, data: "0x" }] })))
      expect(error._tag).toBe("MissingChainConfigurationError")
      expect(planned).toEqual([])
    }),
  )
})
