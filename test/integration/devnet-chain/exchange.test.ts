import {
  type Address,
  encodeAbiParameters,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  devnetERC721Abi,
  devnetERC1155Abi,
  exchangeAbi,
  stableTokenAbi,
  wrappedNativeAbi,
} from "../../../devnet/artifacts/index.js"
import {
  buildOrder,
  Criteria,
  type Order,
  OrderSide,
  orderHash,
  signOrder,
  TokenKind,
  tokenSetProof,
  tokenSetRoot,
  verifyTokenSetProof,
} from "../../../devnet/chain/orders.js"
import { type ChainFixture, send, setupChains } from "./fixture.js"

let f: ChainFixture
let exchange: Address
let punks: Address
const chainId = 31337

const ownerOf = (tokenId: bigint) =>
  f.originClient.readContract({ address: punks, abi: devnetERC721Abi, functionName: "ownerOf", args: [tokenId] })
const erc20Balance = (token: Address, who: Address) =>
  f.originClient.readContract({ address: token, abi: wrappedNativeAbi, functionName: "balanceOf", args: [who] })
const sign = (order: Order, signer = f.accounts.alice) => signOrder(signer, chainId, exchange, order)
const status = (hash: Hex) =>
  f.originClient.readContract({ address: exchange, abi: exchangeAbi, functionName: "orderStatus", args: [hash] })
const fillListing = (order: Order, signature: Hex, value: bigint, taker = f.accounts.bob) =>
  send(f.origin, taker, {
    address: exchange,
    abi: exchangeAbi,
    functionName: "fillListing",
    args: [order, signature, taker.address],
    value,
  })
const listing = (tokenId: bigint, price: bigint, extra: Partial<Order> = {}) =>
  buildOrder({ side: OrderSide.Listing, maker: f.accounts.alice.address, collection: punks, tokenId, price, ...extra })

beforeAll(async () => {
  f = await setupChains()
  ;({ exchange, punks } = f.contracts.origin)
  const { alice, bob, deployer } = f.accounts
  const { editions, usdc, weth } = f.contracts.origin
  // Seeding: alice owns punks 1..12 and 10 of edition #1 and approves the Exchange; bob holds WETH and USDC
  // approved to the Exchange.
  // Sequential per account (nonces), parallel across accounts.
  await Promise.all([
    (async () => {
      await send(f.origin, deployer, {
        address: punks,
        abi: devnetERC721Abi,
        functionName: "adminMint",
        args: [alice.address, 12n],
      })
      await send(f.origin, deployer, {
        address: editions,
        abi: devnetERC1155Abi,
        functionName: "mint",
        args: [alice.address, 1n, 10n],
      })
      await send(f.origin, deployer, {
        address: usdc,
        abi: stableTokenAbi,
        functionName: "mint",
        args: [bob.address, parseUnits("1000", 6)],
      })
    })(),
    (async () => {
      await send(f.origin, alice, {
        address: punks,
        abi: devnetERC721Abi,
        functionName: "setApprovalForAll",
        args: [exchange, true],
      })
      await send(f.origin, alice, {
        address: editions,
        abi: devnetERC1155Abi,
        functionName: "setApprovalForAll",
        args: [exchange, true],
      })
    })(),
    (async () => {
      await send(f.origin, bob, {
        address: weth,
        abi: wrappedNativeAbi,
        functionName: "deposit",
        args: [],
        value: parseEther("10"),
      })
      await send(f.origin, bob, {
        address: weth,
        abi: wrappedNativeAbi,
        functionName: "approve",
        args: [exchange, maxUint256],
      })
      await send(f.origin, bob, {
        address: usdc,
        abi: stableTokenAbi,
        functionName: "approve",
        args: [exchange, maxUint256],
      })
    })(),
  ])
})

afterAll(async () => {
  await f?.stop()
})

describe("deployment", () => {
  it("deploys every contract with its parameters", async () => {
    const { origin, destination } = f.contracts
    for (const address of [
      origin.punks,
      origin.drops,
      origin.editions,
      origin.weth,
      origin.usdc,
      origin.exchange,
      origin.depository,
    ]) {
      expect(await f.originClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/)
    }
    for (const address of [destination.solver, destination.punks, destination.weth]) {
      expect(await f.destinationClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/)
    }
    const read = <T>(functionName: "name" | "symbol" | "mintPrice" | "maxPerWallet") =>
      f.originClient.readContract({ address: punks, abi: devnetERC721Abi, functionName }) as Promise<T>
    expect([await read("name"), await read("symbol"), await read("mintPrice"), await read("maxPerWallet")]).toEqual([
      "Devnet Punks",
      "DPUNK",
      parseEther("0.01"),
      5n,
    ])
    expect(await f.originClient.readContract({ address: exchange, abi: exchangeAbi, functionName: "operator" })).toBe(
      f.accounts.operator.address,
    )
    expect(
      await f.originClient.readContract({ address: origin.usdc, abi: stableTokenAbi, functionName: "decimals" }),
    ).toBe(6)
    expect(
      await f.originClient.readContract({ address: origin.weth, abi: wrappedNativeAbi, functionName: "symbol" }),
    ).toBe("WETH")
    console.info(`anvil x2 start: ${f.timings.anvilMs.toFixed(0)} ms, deploy: ${f.timings.deployMs.toFixed(0)} ms`)
  })
})

describe("mint", () => {
  it("mints at the right price and rejects a wrong price or more than the wallet cap", async () => {
    const { carol } = f.accounts
    const supplyBefore = await f.originClient.readContract({
      address: punks,
      abi: devnetERC721Abi,
      functionName: "totalSupply",
    })
    await send(f.origin, carol, {
      address: punks,
      abi: devnetERC721Abi,
      functionName: "mint",
      args: [carol.address, 2n],
      value: parseEther("0.02"),
    })
    expect(
      await f.originClient.readContract({
        address: punks,
        abi: devnetERC721Abi,
        functionName: "balanceOf",
        args: [carol.address],
      }),
    ).toBe(2n)
    expect(await ownerOf(supplyBefore + 1n)).toBe(carol.address)
    expect(await f.originClient.getBalance({ address: punks })).toBe(parseEther("0.02"))

    await expect(
      send(f.origin, carol, {
        address: punks,
        abi: devnetERC721Abi,
        functionName: "mint",
        args: [carol.address, 1n],
        value: parseEther("0.005"),
      }),
    ).rejects.toThrow("DevnetERC721: wrong value")
    await expect(
      send(f.origin, carol, {
        address: punks,
        abi: devnetERC721Abi,
        functionName: "mint",
        args: [carol.address, 4n],
        value: parseEther("0.04"),
      }),
    ).rejects.toThrow("DevnetERC721: exceeds max per wallet")
  })

  it("serves tokenURI and ERC-165", async () => {
    expect(
      await f.originClient.readContract({ address: punks, abi: devnetERC721Abi, functionName: "tokenURI", args: [1n] }),
    ).toBe("http://127.0.0.1/metadata/31337/punks/1")
    expect(
      await f.originClient.readContract({
        address: punks,
        abi: devnetERC721Abi,
        functionName: "supportsInterface",
        args: ["0x80ac58cd"],
      }),
    ).toBe(true)
  })
})

describe("orders", () => {
  it("computes the same order hash off-chain as Exchange.hashOrder", async () => {
    const order = buildOrder({
      side: OrderSide.Bid,
      maker: f.accounts.bob.address,
      collection: punks,
      currency: f.contracts.origin.weth,
      price: 123n,
      criteria: Criteria.TokenSet,
      tokenSetRoot: tokenSetRoot([1n, 2n, 3n]),
      expiry: 1_900_000_000n,
      nonce: 7n,
    })
    const onChain = await f.originClient.readContract({
      address: exchange,
      abi: exchangeAbi,
      functionName: "hashOrder",
      args: [order],
    })
    expect(orderHash(chainId, exchange, order)).toBe(onChain)
  })

  it("builds token-set proofs that verify for members only", () => {
    const set = [5n, 1n, 9n, 3n, 7n]
    const root = tokenSetRoot(set)
    expect(tokenSetRoot([...set].reverse())).toBe(root)
    for (const id of set) expect(verifyTokenSetProof(root, id, tokenSetProof(set, id))).toBe(true)
    expect(verifyTokenSetProof(root, 2n, tokenSetProof(set, 1n))).toBe(false)
    expect(() => tokenSetProof(set, 2n)).toThrow("not in the token set")
    expect(tokenSetRoot([4n])).toBe(keccak256(encodeAbiParameters([{ type: "uint256" }], [4n])))
  })
})

describe("listings", () => {
  it("fills a native listing: the NFT moves and the maker receives exactly the price", async () => {
    const { alice, bob } = f.accounts
    const order = listing(1n, parseEther("1"))
    const signature = await sign(order)
    await expect(fillListing(order, signature, parseEther("0.9"))).rejects.toThrow("Exchange: wrong value")

    const aliceBefore = await f.originClient.getBalance({ address: alice.address })
    const receipt = await fillListing(order, signature, parseEther("1"))
    expect(await ownerOf(1n)).toBe(bob.address)
    expect((await f.originClient.getBalance({ address: alice.address })) - aliceBefore).toBe(parseEther("1"))
    expect(await f.originClient.getBalance({ address: exchange })).toBe(0n)
    const hash = orderHash(chainId, exchange, order)
    expect(await status(hash)).toEqual([true, false])
    const filled = receipt.logs.find((l) => l.address.toLowerCase() === exchange.toLowerCase())
    expect(filled?.topics[1]).toBe(hash)

    await expect(fillListing(order, signature, parseEther("1"))).rejects.toThrow("Exchange: filled")
  })

  it("fills a listing priced in USDC", async () => {
    const { alice, bob } = f.accounts
    const usdc = f.contracts.origin.usdc
    const price = parseUnits("25", 6)
    const order = listing(2n, price, { currency: usdc })
    const [aliceBefore, bobBefore] = [await erc20Balance(usdc, alice.address), await erc20Balance(usdc, bob.address)]
    await fillListing(order, await sign(order), 0n)
    expect(await ownerOf(2n)).toBe(bob.address)
    expect((await erc20Balance(usdc, alice.address)) - aliceBefore).toBe(price)
    expect(bobBefore - (await erc20Balance(usdc, bob.address))).toBe(price)
  })

  it("fills several native listings in one batch for the sum of their prices", async () => {
    const { bob, carol } = f.accounts
    const orders = [listing(3n, parseEther("0.5")), listing(4n, parseEther("0.25"))]
    const signatures = await Promise.all(orders.map((o) => sign(o)))
    const call = (value: bigint) =>
      send(f.origin, bob, {
        address: exchange,
        abi: exchangeAbi,
        functionName: "fillListings",
        args: [orders, signatures, carol.address],
        value,
      })
    await expect(call(parseEther("0.5"))).rejects.toThrow("Exchange: wrong value")
    await call(parseEther("0.75"))
    expect([await ownerOf(3n), await ownerOf(4n)]).toEqual([carol.address, carol.address])
  })

  it("fills an ERC-1155 listing", async () => {
    const { alice, bob } = f.accounts
    const editions = f.contracts.origin.editions
    const order = buildOrder({
      side: OrderSide.Listing,
      maker: alice.address,
      collection: editions,
      tokenKind: TokenKind.ERC1155,
      tokenId: 1n,
      amount: 3n,
      price: parseEther("0.3"),
    })
    await fillListing(order, await sign(order), parseEther("0.3"))
    const balances = await f.originClient.readContract({
      address: editions,
      abi: devnetERC1155Abi,
      functionName: "balanceOfBatch",
      args: [
        [alice.address, bob.address],
        [1n, 1n],
      ],
    })
    expect(balances).toEqual([7n, 3n])
  })
})

describe("bids", () => {
  const bid = (extra: Partial<Order>) =>
    buildOrder({
      side: OrderSide.Bid,
      maker: f.accounts.bob.address,
      collection: punks,
      currency: f.contracts.origin.weth,
      price: parseEther("0.2"),
      ...extra,
    })
  const fillBid = async (order: Order, tokenId: bigint, proof: Hex[] = []) =>
    send(f.origin, f.accounts.alice, {
      address: exchange,
      abi: exchangeAbi,
      functionName: "fillBid",
      args: [order, await sign(order, f.accounts.bob), tokenId, proof],
    })

  it("fills a token bid: the NFT goes to the bidder and WETH to the seller", async () => {
    const { alice, bob } = f.accounts
    const weth = f.contracts.origin.weth
    const order = bid({ tokenId: 5n })
    await expect(fillBid(order, 6n)).rejects.toThrow("Exchange: wrong token")
    const [aliceBefore, bobBefore] = [await erc20Balance(weth, alice.address), await erc20Balance(weth, bob.address)]
    await fillBid(order, 5n)
    expect(await ownerOf(5n)).toBe(bob.address)
    expect((await erc20Balance(weth, alice.address)) - aliceBefore).toBe(parseEther("0.2"))
    expect(bobBefore - (await erc20Balance(weth, bob.address))).toBe(parseEther("0.2"))
  })

  it("fills a collection bid with any token", async () => {
    await fillBid(bid({ criteria: Criteria.Collection }), 6n)
    expect(await ownerOf(6n)).toBe(f.accounts.bob.address)
  })

  it("fills a token-set bid with a merkle proof and rejects tokens outside the set", async () => {
    const set = [7n, 8n, 9n]
    const order = bid({ criteria: Criteria.TokenSet, tokenSetRoot: tokenSetRoot(set) })
    await expect(fillBid(order, 10n, tokenSetProof(set, 8n))).rejects.toThrow("Exchange: bad proof")
    await fillBid(order, 8n, tokenSetProof(set, 8n))
    expect(await ownerOf(8n)).toBe(f.accounts.bob.address)
  })

  it("rejects a bid in native currency", async () => {
    await expect(fillBid(bid({ tokenId: 7n, currency: zeroAddress }), 7n)).rejects.toThrow("Exchange: bid needs ERC20")
  })
})

describe("validation and cancellation", () => {
  it("rejects an expired order", async () => {
    const block = await f.originClient.getBlock()
    const order = listing(9n, parseEther("0.1"), { expiry: block.timestamp - 1n })
    await expect(fillListing(order, await sign(order), parseEther("0.1"))).rejects.toThrow("Exchange: expired")
  })

  it("rejects a signature from someone other than the maker", async () => {
    const order = listing(9n, parseEther("0.1"))
    await expect(fillListing(order, await sign(order, f.accounts.carol), parseEther("0.1"))).rejects.toThrow(
      "Exchange: bad signature",
    )
    const tampered = { ...order, price: parseEther("0.01") }
    await expect(fillListing(tampered, await sign(order), parseEther("0.01"))).rejects.toThrow(
      "Exchange: bad signature",
    )

    // The malleable twin (n - s, flipped v) recovers the same signer but must still be rejected.
    const good = await sign(order)
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const highS = (n - BigInt(`0x${good.slice(66, 130)}`)).toString(16).padStart(64, "0")
    const flippedV = good.slice(130) === "1b" ? "1c" : "1b"
    const twin = `${good.slice(0, 66)}${highS}${flippedV}` as Hex
    await expect(fillListing(order, twin, parseEther("0.1"))).rejects.toThrow("Exchange: bad signature")
    await expect(fillListing(order, good.slice(0, 130) as Hex, parseEther("0.1"))).rejects.toThrow(
      "Exchange: bad signature",
    )
  })

  it("honours an on-chain cancel by the maker only", async () => {
    const order = listing(9n, parseEther("0.1"))
    const signature = await sign(order)
    await expect(
      send(f.origin, f.accounts.bob, { address: exchange, abi: exchangeAbi, functionName: "cancel", args: [[order]] }),
    ).rejects.toThrow("Exchange: not maker")
    await send(f.origin, f.accounts.alice, {
      address: exchange,
      abi: exchangeAbi,
      functionName: "cancel",
      args: [[order]],
    })
    expect(await status(orderHash(chainId, exchange, order))).toEqual([false, true])
    await expect(fillListing(order, signature, parseEther("0.1"))).rejects.toThrow("Exchange: cancelled")
  })

  it("lets only the operator cancel by order hash", async () => {
    const order = listing(10n, parseEther("0.1"))
    const hash = orderHash(chainId, exchange, order)
    await expect(
      send(f.origin, f.accounts.alice, {
        address: exchange,
        abi: exchangeAbi,
        functionName: "cancelByOperator",
        args: [[hash]],
      }),
    ).rejects.toThrow("Exchange: not operator")
    await send(f.origin, f.accounts.operator, {
      address: exchange,
      abi: exchangeAbi,
      functionName: "cancelByOperator",
      args: [[hash]],
    })
    await expect(fillListing(order, await sign(order), parseEther("0.1"))).rejects.toThrow("Exchange: cancelled")
  })

  it("cancels every lower-nonce order on incrementNonce", async () => {
    const { carol } = f.accounts
    await send(f.origin, carol, {
      address: punks,
      abi: devnetERC721Abi,
      functionName: "setApprovalForAll",
      args: [exchange, true],
    })
    const carolToken = 3n // received in the batch fill above
    const stale = buildOrder({
      side: OrderSide.Listing,
      maker: carol.address,
      collection: punks,
      tokenId: carolToken,
      price: 1n,
      nonce: 0n,
    })
    const staleSignature = await sign(stale, carol)
    await send(f.origin, carol, { address: exchange, abi: exchangeAbi, functionName: "incrementNonce", args: [] })
    await expect(fillListing(stale, staleSignature, 1n)).rejects.toThrow("Exchange: cancelled")
    const fresh = { ...stale, nonce: 1n }
    await fillListing(fresh, await sign(fresh, carol), 1n)
    expect(await ownerOf(carolToken)).toBe(f.accounts.bob.address)
  })
})
