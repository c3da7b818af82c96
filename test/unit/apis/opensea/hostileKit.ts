/**
 * What the hostile-OpenSea tests share: a client on OpenSea over the test kit's fake OpenSea, fake chain and fake
 * wallet, the accounts and contracts they trade, and the assertion that a refusal is the OpenSea book's typed
 * OrderCheckError with nothing signed or sent.
 */
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type Address, getAddress, type Hex, zeroAddress } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { OPENSEA_CONDUIT, openSea } from "../../../../src/apis/opensea/index.js"
import { mainnet } from "../../../../src/chains/mainnet.js"
import { polygon } from "../../../../src/chains/polygon.js"
import { NO_RETRY } from "../../../../src/services/RetryPolicy.js"
import type { Wallet } from "../../../../src/services/Wallet.js"
import { Tradekit, type TradekitServices } from "../../../../src/Tradekit.js"
import {
  type FakeChainReads,
  type FakeOpenSea,
  type FakeWallet,
  makeFakeChainReads,
  makeFakeOpenSea,
  makeFakeWallet,
  transferReceipt,
} from "../../../../src/testing/index.js"

/** The chains the client trades on: Ethereum and Polygon presets, with no Reservoir API nor socket. */
export const ETHEREUM = { ...mainnet, baseApiUrl: "", websocketUrl: undefined, active: true }
export const POLYGON = { ...polygon, baseApiUrl: "", websocketUrl: undefined, active: true }
/** Mainnet's WETH: the chain's wrapped native token. */
export const WETH: Address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
/** Polygon's WETH: OpenSea's offer (and listing) currency there; its wrapped native token is WPOL. */
export const POLYGON_WETH: Address = "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619"
export const NFT: Address = getAddress("0x00000000000000000000000000000000000af001")
export const OTHER_NFT: Address = getAddress("0x00000000000000000000000000000000000af002")
export const STRANGER: Address = getAddress("0x000000000000000000000000000000000000bad1")
/** Makers of the fake's orders (fixed test keys). */
export const SELLER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
export const OTHER_MAKER = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdf365a2")

/** One hostile-test world: the fake OpenSea, the fake chain and the fake wallet, and the client layer over them. */
export interface World {
  readonly openSea: FakeOpenSea
  readonly chain: FakeChainReads
  readonly wallet: FakeWallet
  readonly layer: Layer.Layer<TradekitServices | Wallet>
}

const layerOf = (
  fake: FakeOpenSea,
  chain: FakeChainReads,
  wallet: FakeWallet,
  chains: ReadonlyArray<typeof ETHEREUM | typeof POLYGON>,
) =>
  Layer.merge(
    Tradekit.layerWith(
      { chains: [...chains], retry: NO_RETRY, book: openSea({ apiBaseUrl: "https://os.test" }) },
      fake.api.layer,
    ).pipe(Layer.provide(chain.layer)),
    wallet.layer,
  )

/**
 * A fresh world on Ethereum (or `chainId` 137 for Polygon): every transaction the wallet sends lands with the
 * transfers `transfers(hash)` names (none by default).
 */
export const makeWorld = (
  options: {
    readonly chainId?: 1 | 137
    readonly transfers?: (
      user: Address,
    ) => ReadonlyArray<{ contract: Address; from: Address; to: Address; tokenId: bigint }>
  } = {},
): World => {
  const chainId = options.chainId ?? 1
  const weth = chainId === 1 ? WETH : POLYGON_WETH
  const openSeaFake = makeFakeOpenSea({ chainName: chainId === 1 ? "ethereum" : "polygon", chainId, weth })
  const wallet = makeFakeWallet({ behaviour: { chainId } })
  const chain = makeFakeChainReads()
    .serving(openSeaFake)
    .setReceiptOf((hash: Hex) => transferReceipt(hash, options.transfers?.(wallet.address) ?? [], wallet.address))
  return {
    openSea: openSeaFake,
    chain,
    wallet,
    layer: layerOf(openSeaFake, chain, wallet, chainId === 1 ? [ETHEREUM] : [POLYGON]),
  }
}

/** Runs an action of the world's client. */
export const run = <A, E>(world: World, program: Effect.Effect<A, E, TradekitServices | Wallet>): Effect.Effect<A, E> =>
  program.pipe(Effect.provide(world.layer))

/** What the wallet was asked, one line per call: what a refusal that did not happen let through. */
export const walletLog = (wallet: FakeWallet): string =>
  wallet.calls
    .filter(
      (call) => call.method === "signTypedData" || call.method === "sendTransaction" || call.method === "sendCalls",
    )
    .map((call) =>
      call.method === "sendTransaction"
        ? `sent ${call.request.value ?? 0n} wei to ${call.request.to} (${call.request.data?.slice(0, 10)})`
        : call.method === "signTypedData"
          ? `signed ${JSON.stringify((call.typedData as { primaryType?: string }).primaryType)}`
          : "sent a batch",
    )
    .join("; ")

/**
 * The error the action failed with; when it completed instead, the test fails saying what reached the wallet
 * (the hostile transaction or signature), never with an unrelated error.
 */
export const refusalOf = <A, E>(
  world: World,
  program: Effect.Effect<A, E, TradekitServices | Wallet>,
): Effect.Effect<E> =>
  run(world, program).pipe(
    Effect.matchEffect({
      onFailure: (error) => Effect.succeed(error),
      onSuccess: () =>
        Effect.sync(() =>
          expect.fail(`completed instead of being refused; the wallet: ${walletLog(world.wallet) || "nothing"}`),
        ),
    }),
  )

/** The failure is the OpenSea book's OrderCheckError of `check` (one of `checks`), and the wallet signed and sent nothing. */
export const expectRefused = (world: World, error: unknown, checks: string | ReadonlyArray<string>) => {
  expect(walletLog(world.wallet), "what reached the wallet").toBe("")
  expect(world.wallet.calls).toEqual([])
  expect(error).toMatchObject({ _tag: "OrderCheckError", book: "opensea" })
  expect(typeof checks === "string" ? [checks] : checks).toContain((error as { check: string }).check)
}

/** The typed data the wallet signed, in order. */
export const signedTypedData = (wallet: FakeWallet) =>
  wallet.calls.flatMap((call) =>
    call.method === "signTypedData"
      ? [call.typedData as { primaryType: string; message: Record<string, any>; domain: Record<string, unknown> }]
      : [],
  )

/** OpenSea's own fee recipient (1 % since 2025-09-15). */
export const OPENSEA_FEE: Address = getAddress("0x0000a26b00c1f0df003000390027140000faa719")

/** The conduit tradekit's orders name. */
export { OPENSEA_CONDUIT, zeroAddress }
