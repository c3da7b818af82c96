/**
 * The fake OpenSea's honest routes, each answered as OpenSea's API v2 answers it: look-ups, best orders, and the
 * post and cancel routes, which check signatures and refuse what OpenSea refuses.
 */
import * as Effect from "effect/Effect"
import { getAddress, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { ORDER_COMPONENTS_TYPES, ORDER_HASH_TYPES } from "../../../../src/apis/opensea/seaport/eip712Types.js"
import type { RecordedRequest } from "../../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../../src/testing/FakeWallet.js"
import { type FakeOrderComponents, wireParameters } from "../../../../src/testing/fakeOpenSea/fakeOrder.js"
import {
  addCollection,
  addListing,
  type FakeState,
  makeFakeState,
} from "../../../../src/testing/fakeOpenSea/fakeState.js"
import { honestAnswer } from "../../../../src/testing/fakeOpenSea/honestRoutes.js"

const maker = privateKeyToAccount(TEST_PRIVATE_KEY)
const stranger = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const NFT = getAddress("0x00000000000000000000000000000000000a11ce")
const ONE = parseEther("1")

const ask = (state: FakeState, method: string, path: string, body?: unknown) => {
  const request: RecordedRequest = {
    method,
    url: new URL(`https://os.test${path}`),
    path,
    query: {},
    headers: {},
    body,
    at: 0,
  }
  return Effect.runPromise(honestAnswer(state, request)) as Promise<{ status?: number; body?: any }>
}

/** A listing of token 4 for 1 wei, to post. */
const components = (overrides: Partial<FakeOrderComponents> = {}): FakeOrderComponents => ({
  offerer: maker.address,
  zone: "0x0000000000000000000000000000000000000000",
  offer: [{ itemType: 2, token: NFT, identifierOrCriteria: 4n, startAmount: 1n, endAmount: 1n }],
  consideration: [
    {
      itemType: 0,
      token: "0x0000000000000000000000000000000000000000",
      identifierOrCriteria: 0n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: maker.address,
    },
  ],
  orderType: 0,
  startTime: 1_700_000_000n,
  endTime: 1_700_086_400n,
  zoneHash: `0x${"00".repeat(32)}`,
  salt: 1n,
  conduitKey: `0x${"00".repeat(32)}`,
  counter: 0n,
  ...overrides,
})

const signed = (state: FakeState, order: FakeOrderComponents, signer = maker) =>
  signer.signTypedData({
    domain: state.domain,
    types: ORDER_COMPONENTS_TYPES,
    primaryType: "OrderComponents",
    message: order as never,
  })

const postListing = async (state: FakeState, order: FakeOrderComponents, signer = maker) =>
  ask(state, "POST", "/api/v2/orders/ethereum/seaport/listings", {
    parameters: JSON.parse(JSON.stringify(wireParameters(order))),
    signature: await signed(state, order, signer),
  })

describe("the fake OpenSea's honest routes", () => {
  it("answers 404 to a route OpenSea does not have", async () => {
    expect(await ask(makeFakeState(), "GET", "/api/v2/nothing")).toEqual({
      status: 404,
      body: { errors: ["No route GET /api/v2/nothing"] },
    })
  })

  it("looks up a contract's collection on its chain only", async () => {
    const state = makeFakeState()
    const collection = addCollection(state, { contract: NFT, standard: "erc1155" })
    const found = await ask(state, "GET", `/api/v2/chain/ethereum/contract/${NFT}`)
    expect(found.body).toMatchObject({ collection: collection.slug, contract_standard: "erc1155" })
    expect((await ask(state, "GET", `/api/v2/chain/base/contract/${NFT}`)).status).toBe(400)
    expect((await ask(state, "GET", `/api/v2/chain/ethereum/contract/${maker.address}`)).status).toBe(404)
  })

  it("serves the cheapest live listing of a token as its best", async () => {
    const state = makeFakeState()
    const { slug } = addCollection(state, { contract: NFT })
    await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE })
    const cheap = await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE / 2n })
    const best = await ask(state, "GET", `/api/v2/listings/collection/${slug}/nfts/4/best`)
    expect(best.body.order_hash).toBe(cheap.hash)
    expect((await ask(state, "GET", `/api/v2/listings/collection/${slug}/nfts/5/best`)).status).toBe(404)
  })

  it("accepts a listing its offerer signed, answers it as a Listing and holds it", async () => {
    const state = makeFakeState()
    const order = components()
    const answer = await postListing(state, order)
    expect(answer.status).toBeUndefined()
    expect(state.orders.get(answer.body.order_hash)).toMatchObject({ kind: "listing", contract: NFT, tokenId: 4n })
  })

  it("refuses what OpenSea refuses: another's signature, none, a zero amount, an end past six months", async () => {
    const state = makeFakeState()
    const refusedWith = async (answer: Promise<{ status?: number; body?: any }>) => {
      const { status, body } = await answer
      return [status, body.errors[0]]
    }
    expect(await refusedWith(postListing(state, components(), stranger))).toEqual([400, "Invalid signature"])
    const unsigned = { parameters: wireParameters(components()) }
    expect(await refusedWith(ask(state, "POST", "/api/v2/orders/ethereum/seaport/listings", unsigned))).toEqual([
      400,
      "signature is required",
    ])
    const free = components({
      consideration: [{ ...components().consideration[0]!, startAmount: 0n, endAmount: 0n }],
    })
    expect(await refusedWith(postListing(state, free))).toEqual([400, "Order items must have a non-zero amount"])
    const long = components({ endTime: 1_700_000_000n + 184n * 24n * 3600n })
    expect(await refusedWith(postListing(state, long))).toEqual([
      400,
      "Order expiration cannot be more than 6 months in the future",
    ])
    expect(state.orders.size).toBe(0)
  })

  it("refuses a criteria offer outside OpenSea's signed zone", async () => {
    const state = makeFakeState()
    const order = components()
    const answer = await ask(state, "POST", "/api/v2/offers", {
      protocol_data: { parameters: wireParameters(order), signature: await signed(state, order) },
    })
    expect([answer.status, answer.body.errors[0]]).toEqual([
      400,
      "Criteria offers must be restricted orders of OpenSea's signed zone",
    ])
  })

  it("cancels an order off chain only with its offerer's signature of the order hash", async () => {
    const state = makeFakeState()
    const { slug } = addCollection(state, { contract: NFT })
    const listing = await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE })
    const path = `/api/v2/orders/chain/ethereum/protocol/${state.seaport}/${listing.hash}/cancel`
    const signCancel = (signer: typeof maker) =>
      signer.signTypedData({
        domain: state.domain,
        types: ORDER_HASH_TYPES,
        primaryType: "OrderHash",
        message: { orderHash: listing.hash },
      })
    const refused = await ask(state, "POST", path, { offererSignature: await signCancel(stranger) })
    expect([refused.status, listing.cancelled]).toEqual([400, false])
    const done = await ask(state, "POST", path, { offererSignature: await signCancel(maker) })
    expect([done.status, listing.cancelled]).toEqual([undefined, true])
    expect((await ask(state, "GET", `/api/v2/listings/collection/${slug}/nfts/4/best`)).status).toBe(404)
  })
})
