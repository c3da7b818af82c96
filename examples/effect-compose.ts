// Effect API: list a token, then place a collection bid, as one program. Run it with a wallet client of yours.
// (In an app, import from "tradekit"; the examples import the source so that they are typechecked.)
import * as Effect from "effect/Effect"
import type { WalletClient } from "viem"
import { base, bid, list, Tradekit, walletLayer } from "../src/index.js"

const nft = "0x1111111111111111111111111111111111111111"

/** Lists token 42 for 0.1 ETH, then bids 0.05 ETH on the collection; fails with the first typed error. */
export const listThenBid = Effect.gen(function* () {
  yield* list({ listings: [{ token: `${nft}:42`, weiPrice: "100000000000000000", orderbook: "reservoir" }] })
  yield* bid({ bids: [{ collection: nft, weiPrice: "50000000000000000", orderbook: "reservoir" }] })
  return "listed and bid"
})

/** Runs the program on Base with the caller's wallet. */
export const run = (walletClient: WalletClient) =>
  listThenBid.pipe(
    Effect.catchTags({
      BidDataMissingError: (error) => Effect.fail(`bad bid: ${error.message}`),
      UserRejectedError: () => Effect.succeed("the user said no"),
    }),
    Effect.provide(
      Tradekit.layer({
        chains: [{ ...base, active: true }],
        source: "my.app",
        marketplaceFees: ["0x000000000000000000000000000000000000fee5:100"],
      }),
    ),
    Effect.provide(walletLayer(walletClient)),
    Effect.runPromise,
  )
