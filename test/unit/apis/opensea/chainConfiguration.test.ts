import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { getAddress, parseEther } from "viem"
import {
  OPENSEA_CONDUIT,
  OPENSEA_CONDUIT_KEY,
  OPENSEA_SEAPORT,
  OPENSEA_SIGNED_ZONE,
  openSea,
} from "../../../../src/apis/opensea/index.js"
import { list } from "../../../../src/index.js"
import { NO_RETRY } from "../../../../src/services/RetryPolicy.js"
import { Tradekit } from "../../../../src/Tradekit.js"
import { makeFakeOpenSea, makeFakeWallet } from "../../../../src/testing/index.js"

/**
 * Issue 33: a chain the OpenSea book cannot trade on as configured is a configuration error that says what to add,
 * raised before any request or signature, never an APIError as if OpenSea had refused.
 */

const LOCAL_ID = 999_001
const NFT = getAddress("0x00000000000000000000000000000000000af001")
/** A chain neither viem's presets nor tradekit's know: no `viemChain`, so no RPC URL to read the chain through. */
const LOCAL = { id: LOCAL_ID, name: "Local", baseApiUrl: "", active: true }
const localOnOpenSea = {
  name: "local",
  seaport: OPENSEA_SEAPORT,
  conduitKey: OPENSEA_CONDUIT_KEY,
  conduit: OPENSEA_CONDUIT,
  signedZone: OPENSEA_SIGNED_ZONE,
}

describe("a chain the OpenSea book lacks settings for", () => {
  it.effect("without a viemChain: a BookConfigurationError naming viemChain, nothing asked or signed", () =>
    Effect.gen(function* () {
      const fake = makeFakeOpenSea({ chainName: "local", chainId: LOCAL_ID })
      const wallet = makeFakeWallet({ behaviour: { chainId: LOCAL_ID } })
      const layer = Layer.merge(
        Tradekit.layerWith(
          {
            chains: [LOCAL],
            retry: NO_RETRY,
            book: openSea({ apiBaseUrl: "https://os.test", chains: { [LOCAL_ID]: localOnOpenSea } }),
          },
          fake.api.layer,
        ),
        wallet.layer,
      )
      const error = yield* Effect.flip(
        list({ listings: [{ token: `${NFT}:3`, weiPrice: parseEther("1").toString() }] }).pipe(Effect.provide(layer)),
      )
      expect(error).toMatchObject({ _tag: "BookConfigurationError", book: "opensea", chainId: LOCAL_ID })
      expect(error.message).toContain("viemChain")
      expect(error.message).toContain(`${LOCAL_ID}`)
      expect(fake.api.requests).toEqual([])
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("with a viemChain that has an RPC URL, the same chain gets past the configuration", () =>
    Effect.gen(function* () {
      const fake = makeFakeOpenSea({ chainName: "local", chainId: LOCAL_ID })
      const wallet = makeFakeWallet({ behaviour: { chainId: LOCAL_ID } })
      const viemChain = {
        id: LOCAL_ID,
        name: "Local",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: ["http://127.0.0.1:1"] } },
      }
      const layer = Layer.merge(
        Tradekit.layerWith(
          {
            chains: [{ ...LOCAL, viemChain }],
            retry: NO_RETRY,
            book: openSea({ apiBaseUrl: "https://os.test", chains: { [LOCAL_ID]: localOnOpenSea } }),
          },
          fake.api.layer,
        ),
        wallet.layer,
      )
      const error = yield* Effect.flip(
        list({ listings: [{ token: `${NFT}:3`, weiPrice: parseEther("1").toString() }] }).pipe(Effect.provide(layer)),
      )
      // Nothing answers at port 1: the failure is the chain read's, past the configuration.
      expect(error._tag).not.toBe("BookConfigurationError")
    }),
  )

  it.effect("with some of OpenSea's settings for it: a BookConfigurationError naming the missing ones", () =>
    Effect.gen(function* () {
      const fake = makeFakeOpenSea({ chainName: "local", chainId: LOCAL_ID })
      const wallet = makeFakeWallet({ behaviour: { chainId: LOCAL_ID } })
      const partly = { name: "local", seaport: OPENSEA_SEAPORT }
      const layer = Layer.merge(
        Tradekit.layerWith(
          {
            chains: [LOCAL],
            retry: NO_RETRY,
            book: openSea({ apiBaseUrl: "https://os.test", chains: { [LOCAL_ID]: partly } }),
          },
          fake.api.layer,
        ),
        wallet.layer,
      )
      const error = yield* Effect.flip(
        list({ listings: [{ token: `${NFT}:3`, weiPrice: parseEther("1").toString() }] }).pipe(Effect.provide(layer)),
      )
      expect(error).toMatchObject({ _tag: "BookConfigurationError", book: "opensea", chainId: LOCAL_ID })
      expect(error.message).toContain("`conduitKey`, `conduit`, `signedZone`")
      expect(error.message).not.toContain("`seaport`")
      expect(fake.api.requests).toEqual([])
      expect(wallet.calls).toEqual([])
    }),
  )
})
