/**
 * The fake OpenSea's bulk signature check, held to tradekit's own bulk signer (seaport-js's trees): every order of a
 * signed tree passes with its proof, and a signature that is not the offerer's tree of that order fails.
 */
import { concat, type Hex, numberToHex, toHex, zeroAddress, zeroHash } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import {
  bulkOrderHeight,
  bulkOrderLeaves,
  bulkOrderProof,
  bulkOrderRoot,
  bulkOrderSignature,
  bulkOrderTree,
  bulkOrderTypes,
  EMPTY_ORDER,
} from "../../../../src/apis/opensea/seaport/bulkOrderTree.js"
import type { OrderComponents } from "../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportOrderHash } from "../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import { TEST_PRIVATE_KEY } from "../../../../src/testing/FakeWallet.js"
import { isBulkSignatureOf } from "../../../../src/testing/fakeOpenSea/bulkSignature.js"

const maker = privateKeyToAccount(TEST_PRIVATE_KEY)
const stranger = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const NFT = "0x00000000000000000000000000000000000a11ce"
const domain = {
  name: "Seaport",
  version: "1.6",
  chainId: 1,
  verifyingContract: "0x0000000000000068F116a894984e2DB1123eB395",
} as const

/** A listing of token `tokenId` for 1 wei by the maker. */
const order = (tokenId: bigint): OrderComponents => ({
  ...EMPTY_ORDER,
  offerer: maker.address,
  offer: [{ itemType: 2, token: NFT, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n }],
  consideration: [
    {
      itemType: 0,
      token: zeroAddress,
      identifierOrCriteria: 0n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: maker.address,
    },
  ],
  endTime: 2_000_000_000n,
  salt: tokenId,
})

/** Signs the tree of `orders` as a wallet would, with `signer`: the 65-byte signature and each order's proof. */
const signTree = async (orders: ReadonlyArray<OrderComponents>, signer = maker, chainId = 1) => {
  const height = bulkOrderHeight(orders.length)
  const leaves = bulkOrderLeaves(orders, height)
  const signature = await signer.signTypedData({
    domain: { ...domain, chainId },
    types: bulkOrderTypes(height),
    primaryType: "BulkOrder",
    message: { tree: bulkOrderTree<unknown>(orders, EMPTY_ORDER, height) } as never,
  })
  return { signature, leaves, proof: (index: number) => bulkOrderProof(leaves, index) }
}

const ORDERS = [order(1n), order(2n), order(3n)]

describe("isBulkSignatureOf", () => {
  it("passes every order of a signed tree with its compact signature, index and proof", async () => {
    const { signature, leaves, proof } = await signTree(ORDERS)
    expect(bulkOrderRoot(leaves)).not.toBe(zeroHash)
    const checked = await Promise.all(
      ORDERS.map((components, index) =>
        isBulkSignatureOf(
          domain,
          maker.address,
          seaportOrderHash(components),
          bulkOrderSignature(signature, index, proof(index)),
        ),
      ),
    )
    expect(checked).toEqual([true, true, true])
  })

  it("passes a tree signature posted in its 65 bytes, as Seaport reads both lengths", async () => {
    const { signature, proof } = await signTree(ORDERS)
    const full = concat([signature, numberToHex(1, { size: 3 }), ...proof(1)])
    expect(await isBulkSignatureOf(domain, maker.address, seaportOrderHash(ORDERS[1]!), full)).toBe(true)
  })

  it("fails an order posted with another order's index and proof", async () => {
    const { signature, proof } = await signTree(ORDERS)
    const posted = bulkOrderSignature(signature, 0, proof(0))
    expect(await isBulkSignatureOf(domain, maker.address, seaportOrderHash(ORDERS[1]!), posted)).toBe(false)
  })

  it("fails an order outside the tree, the tree signed by someone else, or signed for another chain", async () => {
    const { signature, proof } = await signTree(ORDERS)
    const posted = bulkOrderSignature(signature, 0, proof(0))
    expect(await isBulkSignatureOf(domain, maker.address, seaportOrderHash(order(9n)), posted)).toBe(false)
    expect(await isBulkSignatureOf(domain, stranger.address, seaportOrderHash(ORDERS[0]!), posted)).toBe(false)
    const elsewhere = await signTree(ORDERS, maker, 10)
    const otherChain = bulkOrderSignature(elsewhere.signature, 0, elsewhere.proof(0))
    expect(await isBulkSignatureOf(domain, maker.address, seaportOrderHash(ORDERS[0]!), otherChain)).toBe(false)
  })

  it("fails what Seaport does not read as a bulk signature: too short, a stray byte, over 2^24 orders", async () => {
    const { signature, proof } = await signTree(ORDERS)
    const hash = seaportOrderHash(ORDERS[0]!)
    const posted = bulkOrderSignature(signature, 0, proof(0))
    expect(await isBulkSignatureOf(domain, maker.address, hash, signature)).toBe(false)
    expect(await isBulkSignatureOf(domain, maker.address, hash, concat([posted, "0x00"]))).toBe(false)
    const tooHigh = concat([posted, ...Array.from({ length: 23 }, () => toHex(0n, { size: 32 }) as Hex)])
    expect(await isBulkSignatureOf(domain, maker.address, hash, tooHigh)).toBe(false)
  })
})
