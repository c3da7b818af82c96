import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Hex } from "viem"
import { accountKindOf, transactionByHashOf } from "../../../../src/services/internal/accountKind.js"
import { scriptedRpc, testChain } from "./scriptedRpc.js"

const ACCOUNT = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const chain = testChain(1)

const withCode = (code: unknown) => scriptedRpc({ eth_getCode: () => code }, { chain })

describe("accountKindOf", () => {
  it.effect("takes an account without code for an EOA", () =>
    Effect.gen(function* () {
      for (const code of ["0x", "0x0"]) expect(yield* accountKindOf(withCode(code).client, ACCOUNT)).toBe("eoa")
    }),
  )

  it.effect("takes an account with code for a smart account, an EIP-7702 delegation included", () =>
    Effect.gen(function* () {
      expect(yield* accountKindOf(withCode("0x6080604052").client, ACCOUNT)).toBe("smart")
      const delegated = `0xef0100${"12".repeat(20)}`
      expect(yield* accountKindOf(withCode(delegated).client, ACCOUNT)).toBe("smart")
    }),
  )

  it.effect("asks for the account's code at the latest block", () =>
    Effect.gen(function* () {
      const rpc = withCode("0x")
      yield* accountKindOf(rpc.client, ACCOUNT)
      expect(rpc.calls).toEqual([{ method: "eth_getCode", params: [ACCOUNT, "latest"] }])
    }),
  )

  it.effect("fails with a WalletError when the node does not answer", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({}, { chain })
      const error = yield* Effect.flip(accountKindOf(rpc.client, ACCOUNT))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getCode", code: -32601 })
    }),
  )
})

const rpcTransaction = {
  hash: HASH,
  from: ACCOUNT,
  to: TO,
  nonce: "0x7",
  value: "0xde0b6b3a7640000",
  input: "0x095ea7b3",
  gas: "0x5208",
  gasPrice: "0x1",
  type: "0x0",
  blockHash: null,
  blockNumber: null,
  transactionIndex: null,
  v: "0x1b",
  r: `0x${"11".repeat(32)}`,
  s: `0x${"22".repeat(32)}`,
  chainId: "0x1",
}

describe("transactionByHashOf", () => {
  it.effect("answers the sender, nonce, target, value and input of a transaction the node knows", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({ eth_getTransactionByHash: () => rpcTransaction }, { chain })
      expect(yield* transactionByHashOf(rpc.client, HASH)).toEqual({
        from: ACCOUNT,
        nonce: 7,
        to: TO,
        value: 10n ** 18n,
        input: "0x095ea7b3",
      })
      expect(rpc.calls).toEqual([{ method: "eth_getTransactionByHash", params: [HASH] }])
    }),
  )

  it.effect("answers undefined for a hash the node does not know", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({ eth_getTransactionByHash: () => null }, { chain })
      expect(yield* transactionByHashOf(rpc.client, HASH)).toBeUndefined()
    }),
  )

  it.effect("fails with a WalletError when the node fails", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc(
        {
          eth_getTransactionByHash: () => {
            throw { code: -32000, message: "header not found" }
          },
        },
        { chain },
      )
      const error = yield* Effect.flip(transactionByHashOf(rpc.client, HASH))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getTransaction", code: -32000 })
    }),
  )
})
