import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, type Hex, zeroAddress } from "viem"
import { OrderCheckError, type OrderCheckRule } from "../../../errors/OrderCheckError.js"
import type { PublicDrop } from "../chain/chainReads.js"
import { sameAddress } from "../seaport/SeaportOrder.js"
import { seaDropAbi } from "./seaDropAbi.js"

/** What the user asked to mint, and what the chain says it costs: what a mint answer is held to. */
export interface MintExpectation<E> {
  /** The chain's SeaDrop, from the book's table (never the answer's). */
  readonly seaDrop: Address
  /** The contract the user named, which is the drop's. */
  readonly nftContract: Address
  /** The wallet that pays and receives the tokens. */
  readonly minter: Address
  readonly quantity: bigint
  /** The chain's OpenSea name, which the drop and the answer must name. */
  readonly chainName: string
  /** The drop as OpenSea describes it: its chain's name and its contract. */
  readonly drop: { readonly chain: string; readonly contract: Address }
  /** The drop's public stage, read on chain. */
  readonly stage: PublicDrop
  /** Whether SeaDrop allows the answer's fee recipient (read on chain for the recipient the call names). */
  readonly feeRecipientAllowed: (feeRecipient: Address) => Effect.Effect<boolean, E>
}

/** The mint transaction an answer asks to send. */
export interface MintTransaction {
  readonly to: Address
  readonly data: Hex
  readonly value: bigint
  readonly chain: string
}

const refuse = (check: OrderCheckRule, short: string, facts: Readonly<Record<string, string | bigint>> = {}) =>
  Effect.fail(OrderCheckError.of({ book: "opensea", check, short, facts }))

/** The call's `mintPublic` arguments, or a refusal naming the function it is instead. */
const mintPublicArgs = (data: Hex) =>
  Effect.try({
    try: () => decodeFunctionData({ abi: seaDropAbi, data }),
    catch: () => undefined,
  }).pipe(
    Effect.catch(() => Effect.succeed(undefined)),
    Effect.flatMap((decoded) =>
      decoded?.functionName === "mintPublic"
        ? Effect.succeed(decoded.args)
        : refuse("function", "The mint is not SeaDrop's public mint (`mintPublic`)", {
            Got: decoded?.functionName ?? data.slice(0, 10),
          }),
    ),
  )

/**
 * Holds a drop's mint answer to what the user asked, before the wallet: on the drop's chain, to the chain's SeaDrop,
 * as `mintPublic` of the contract named, minting to the wallet (`minterIfNotPayer` the wallet or zero) exactly the
 * quantity asked, paying exactly the public stage's price read on chain times that quantity, to a fee recipient
 * SeaDrop allows. Allow-list, signed and token-gated mints are refused: their proofs and signatures are not the
 * user's to check yet. An OrderCheckError names the rule; nothing is sent.
 */
export const checkMint = <E>(
  mint: MintTransaction,
  expect: MintExpectation<E>,
): Effect.Effect<void, OrderCheckError | E> =>
  Effect.gen(function* () {
    if (expect.drop.chain !== expect.chainName)
      return yield* refuse("chain", "OpenSea's drop is on another chain", {
        Expected: expect.chainName,
        Got: expect.drop.chain,
      })
    if (!sameAddress(expect.drop.contract, expect.nftContract))
      return yield* refuse("token", "OpenSea's drop is of another contract than the one named", {
        Expected: expect.nftContract,
        Got: expect.drop.contract,
      })
    if (mint.chain !== expect.chainName)
      return yield* refuse("chain", "The mint answer is for another chain", {
        Expected: expect.chainName,
        Got: mint.chain,
      })
    if (!sameAddress(mint.to, expect.seaDrop))
      return yield* refuse("target", "The mint does not go to the chain's SeaDrop", {
        Expected: expect.seaDrop,
        Got: mint.to,
      })
    const [nftContract, feeRecipient, minterIfNotPayer, quantity] = yield* mintPublicArgs(mint.data)
    if (!sameAddress(nftContract, expect.nftContract))
      return yield* refuse("token", "The mint is of another collection than the one named", {
        Expected: expect.nftContract,
        Got: nftContract,
      })
    if (!sameAddress(minterIfNotPayer, expect.minter) && !sameAddress(minterIfNotPayer, zeroAddress))
      return yield* refuse("recipient", "The mint sends the tokens to another account than the wallet", {
        Expected: expect.minter,
        Got: minterIfNotPayer,
      })
    if (quantity !== expect.quantity)
      return yield* refuse("quantity", "The mint is of another quantity than the one asked", {
        Expected: expect.quantity,
        Got: quantity,
      })
    const price = expect.stage.mintPrice * expect.quantity
    if (mint.value !== price)
      return yield* refuse("value", "The mint pays another amount than the drop's price on chain times the quantity", {
        Expected: price,
        Got: mint.value,
      })
    if (expect.stage.restrictFeeRecipients && !(yield* expect.feeRecipientAllowed(feeRecipient)))
      return yield* refuse("fees", "The mint pays its fee to a recipient SeaDrop does not allow for the drop", {
        Got: feeRecipient,
      })
  })
