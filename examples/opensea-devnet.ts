// Both halves against the devnet's OpenSea, offline (`npx tsx opensea-devnet.ts` next to the two files above): the
// proxy gets the devnet's key and URL, the page client none, and a funded devnet user buys Devnet Punk #13 (listed
// for 0.1 ETH) through the proxy, on the devnet's real Seaport 1.6.
import type { AddressInfo } from "node:net"
import { createPublicClient, createWalletClient, erc721Abi, http } from "viem"
import { startDevnet } from "../devnet/index.js"
import { buyBestListing, createPageClient } from "./opensea-page.js"
import { serveOpenSeaProxy } from "./opensea-server.js"

const devnet = await startDevnet()
const chain = devnet.chains[0]!.viemChain!
const rpc = http(devnet.rpcUrls[devnet.originChainId])
const server = await serveOpenSeaProxy({
  apiKey: devnet.openSea.apiKey,
  target: devnet.openSea.apiBaseUrl,
  appOrigin: "http://localhost:5173",
  port: 0,
})
const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/opensea`

const client = createPageClient(devnet.chains, proxyUrl, devnet.openSea)
/** The buyer: the devnet's fifth funded user. */
export const buyer = devnet.accounts.users[4]!.account.address
const wallet = createWalletClient({ account: devnet.accounts.users[4]!.account, chain, transport: rpc })
const punk = devnet.contracts.origin.punks
await buyBestListing(client, `${punk}:13`, wallet)

/** Who owns #13 now, read from the chain: the buyer. */
export const owner = await createPublicClient({ chain, transport: rpc }).readContract({
  address: punk,
  abi: erc721Abi,
  functionName: "ownerOf",
  args: [13n],
})
console.log(`Devnet Punk #13 now belongs to ${owner}`)

await client.dispose()
server.close()
await devnet.stop()
