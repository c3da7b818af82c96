/**
 * The devnet's Relay held to Relay's own client: `@relayprotocol/relay-sdk` (a dev dependency, never tradekit's)
 * quotes a cross-chain call against the devnet with `getQuote` and carries it out with `execute`, as it would against
 * api.relay.link — deposit, status polling, completion — and the call is made on the destination chain.
 */
import { convertViemChainToRelayChain, createClient, LogLevel } from "@relayprotocol/relay-sdk"
import { createWalletClient, encodeFunctionData, erc721Abi, http, parseEther, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../../devnet/artifacts/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"

let devnet: Devnet
/** Relay's client, pointed at the devnet. */
let sdk: ReturnType<typeof createClient>

beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
  sdk = createClient({
    baseApiUrl: devnet.relay.apiUrl,
    source: "tradekit.test",
    logLevel: LogLevel.None,
    pollingInterval: 100,
    confirmationPollingInterval: 100,
    chains: devnet.chains.map((chain) => convertViemChainToRelayChain(chain.viemChain!)),
  })
})
afterAll(async () => {
  await devnet?.stop()
})

describe("Relay's own SDK against the devnet's Relay", () => {
  it("getQuote then execute: one deposit on the origin, the call made on the destination, the request ends in success", async () => {
    const user = devnetUser(devnet, 2)
    const origin = devnet.chains.find((chain) => chain.id === devnet.originChainId)!.viemChain!
    const wallet = createWalletClient({
      account: user.account,
      chain: origin,
      transport: http(devnet.rpcUrls[origin.id]),
    })
    const destination = devnetPublicClient({
      chainId: devnet.destinationChainId,
      rpcUrl: devnet.rpcUrls[devnet.destinationChainId]!,
    })
    const punks = devnet.contracts.destination.punks
    const held = () =>
      destination.readContract({ address: punks, abi: erc721Abi, functionName: "balanceOf", args: [user.address] })
    const before = await held()
    const quote = await sdk.actions.getQuote({
      chainId: devnet.originChainId,
      toChainId: devnet.destinationChainId,
      currency: zeroAddress,
      toCurrency: zeroAddress,
      tradeType: "EXACT_OUTPUT",
      amount: parseEther("0.01").toString(),
      user: user.address,
      recipient: user.address,
      wallet,
      txs: [
        {
          to: punks,
          data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [user.address, 1n] }),
          value: parseEther("0.01").toString(),
        },
      ],
    })
    expect(quote.steps.map((step) => step.kind)).toEqual(["transaction"])
    const { data } = await sdk.actions.execute({
      quote,
      wallet,
    })
    expect(data.steps.every((step) => step.items?.every((item) => item.status === "complete"))).toBe(true)
    const sent = data.steps.flatMap((step) => step.items?.flatMap((item) => item.txHashes ?? []) ?? [])
    // The SDK read the destination transaction from the status route, as it does from api.relay.link.
    expect(sent.map((tx) => tx.chainId)).toContain(devnet.destinationChainId)
    expect((await held()) - before).toBe(1n)
  }, 60_000)
})
