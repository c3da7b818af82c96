// In the browser: no key. The page asks your server's proxy; the user's own wallet signs and sends.
import type { WalletClient } from "viem"
import { type OpenSeaOptions, openSea } from "../src/apis/opensea/index.js"
import { type ChainConfig, createClient, type ReservoirClient } from "../src/index.js"

/**
 * A client on OpenSea's book through the proxy at `proxyUrl` (a path on the page's origin, or a full URL). `book`
 * adds settings of a chain OpenSea does not serve (the devnet's `devnet.openSea`); its key, if any, is dropped.
 */
export const createPageClient = (
  chains: ReadonlyArray<ChainConfig>,
  proxyUrl = "/api/opensea",
  book: OpenSeaOptions = {},
): ReservoirClient =>
  createClient({ chains: [...chains], book: openSea({ ...book, apiKey: undefined, apiBaseUrl: proxyUrl }) })

/** Buys the best OpenSea listing of `token` ("0xcontract:tokenId") with the user's wallet, logging each step. */
export const buyBestListing = (client: ReservoirClient, token: string, wallet: WalletClient) =>
  client.actions.buyToken({
    items: [{ token }],
    wallet,
    onProgress: (steps) => {
      const states = steps.map((step) => `${step.id}: ${(step.items ?? []).map((item) => item.status).join(", ")}`)
      console.log(states.join(" | "))
    },
  })
