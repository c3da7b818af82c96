// The same actions on OpenSea's order book: one client option, `book`.
import type { WalletClient } from "viem"
import { openSea } from "../src/apis/opensea/index.js"
import { createClient, mainnet } from "../src/index.js"

export const client = createClient({
  chains: [{ ...mainnet, active: true }],
  book: openSea({ apiKey: "your-opensea-api-key" }),
})

/** Buys the token's best OpenSea listing, approving WETH for the conduit first when the listing asks for it. */
export const buyOnOpenSea = (wallet: WalletClient) =>
  client.actions.buyToken({ items: [{ token: "0xNft:42" }], wallet })

/** Sends two of the wallet's tokens to `to` in one step planned from the chain (OpenSea has no transfer route). */
export const transferOnOpenSea = (wallet: WalletClient, to: `0x${string}`) =>
  client.actions.transferTokens({ to, items: [{ token: "0xNft:42" }, { token: "0xEditions:7", quantity: 2 }], wallet })

/** Mints two tokens of the collection's OpenSea drop, paying at most 0.02 ETH (checked against SeaDrop on chain). */
export const mintOnOpenSea = (wallet: WalletClient) =>
  client.actions.mintToken({
    items: [{ collection: "0xDrop", quantity: 2 }],
    expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: 20_000_000_000_000_000n } },
    wallet,
  })
