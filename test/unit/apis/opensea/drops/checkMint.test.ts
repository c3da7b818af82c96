import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, getAddress, parseEther, zeroAddress } from "viem"
import {
  checkMint,
  type MintExpectation,
  type MintTransaction,
} from "../../../../../src/apis/opensea/drops/checkMint.js"
import { seaDropAbi } from "../../../../../src/apis/opensea/drops/seaDropAbi.js"

const SEADROP = getAddress("0x00005ea00ac477b1030ce78506496e8c2de24bf5")
const NFT = getAddress("0x00000000000000000000000000000000000000a1")
const OTHER = getAddress("0x00000000000000000000000000000000000000a2")
const WALLET = getAddress("0x0000000000000000000000000000000000000001")
const STRANGER = getAddress("0x0000000000000000000000000000000000000002")
const FEES = getAddress("0x0000a26b00c1f0df003000390027140000faa719")
const PRICE = parseEther("0.01")

const expectation = (overrides: Partial<MintExpectation<never>> = {}): MintExpectation<never> => ({
  seaDrop: SEADROP,
  nftContract: NFT,
  minter: WALLET,
  quantity: 2n,
  chainName: "ethereum",
  drop: { chain: "ethereum", contract: NFT },
  stage: {
    mintPrice: PRICE,
    startTime: 0,
    endTime: 2 ** 40,
    maxTotalMintableByWallet: 3,
    feeBps: 1000,
    restrictFeeRecipients: true,
  },
  feeRecipientAllowed: (recipient) => Effect.succeed(recipient === FEES),
  ...overrides,
})

const mintOf = (
  args: readonly [Address, Address, Address, bigint] = [NFT, FEES, WALLET, 2n],
  overrides: Partial<MintTransaction> = {},
): MintTransaction => ({
  to: SEADROP,
  data: encodeFunctionData({ abi: seaDropAbi, functionName: "mintPublic", args }),
  value: PRICE * 2n,
  chain: "ethereum",
  ...overrides,
})

const ruleOf = (mint: MintTransaction, expect = expectation()) =>
  Effect.map(Effect.flip(checkMint(mint, expect)), (error) => error.check)

describe("checkMint", () => {
  it.effect("passes the honest public mint, to the wallet or with a zero minter", () =>
    Effect.gen(function* () {
      yield* checkMint(mintOf(), expectation())
      yield* checkMint(mintOf([NFT, FEES, zeroAddress, 2n]), expectation())
    }),
  )

  it.effect.each([
    ["another contract as target", mintOf(undefined, { to: OTHER }), "target"],
    ["a stranger as minter", mintOf([NFT, FEES, STRANGER, 2n]), "recipient"],
    ["another quantity", mintOf([NFT, FEES, WALLET, 3n], { value: PRICE * 3n }), "quantity"],
    ["another collection", mintOf([OTHER, FEES, WALLET, 2n]), "token"],
    ["more than the price on chain", mintOf(undefined, { value: PRICE * 2n + 1n }), "value"],
    ["less than the price on chain", mintOf(undefined, { value: PRICE }), "value"],
    ["another chain", mintOf(undefined, { chain: "base" }), "chain"],
    ["a fee recipient SeaDrop does not allow", mintOf([NFT, STRANGER, WALLET, 2n]), "fees"],
    ["another function", mintOf(undefined, { data: "0x12345678" }), "function"],
  ] as const)("refuses %s", ([, mint, rule]) => Effect.map(ruleOf(mint), (check) => expect(check).toBe(rule)))

  it.effect("refuses a drop of another contract or chain than the one named", () =>
    Effect.gen(function* () {
      expect(yield* ruleOf(mintOf(), expectation({ drop: { chain: "ethereum", contract: OTHER } }))).toBe("token")
      expect(yield* ruleOf(mintOf(), expectation({ drop: { chain: "base", contract: NFT } }))).toBe("chain")
    }),
  )

  it.effect("asks about the fee recipient only when the drop restricts them", () =>
    Effect.gen(function* () {
      const stage = { ...expectation().stage, restrictFeeRecipients: false }
      const asked: Array<Address> = []
      yield* checkMint(
        mintOf([NFT, STRANGER, WALLET, 2n]),
        expectation({ stage, feeRecipientAllowed: (r) => Effect.sync(() => (asked.push(r), false)) }),
      )
      expect(asked).toEqual([])
    }),
  )

  it.effect("names the rule and says nothing was sent", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(checkMint(mintOf(undefined, { to: OTHER }), expectation()))
      expect(error).toMatchObject({ _tag: "OrderCheckError", book: "opensea", check: "target" })
      expect(error.message).toContain("The mint does not go to the chain's SeaDrop")
      expect(error.message).toContain(`Expected: ${SEADROP}`)
    }),
  )
})
