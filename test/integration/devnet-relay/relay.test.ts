/**
 * The devnet's Relay over real HTTP with viem alone, as a client would use it: quote a cross-chain call, deposit,
 * follow the status to `success` and see the call made on the destination chain; a destination revert ends in
 * `refund`, paid back on the origin chain.
 */
import { type Address, encodeFunctionData, type Hex, parseEther, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi, relayDepositoryAbi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { clients, type DepositData, finalStatus, relayApi } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
})
afterAll(async () => {
  await devnet?.stop()
})

const mint = (to: Address, quantity: bigint) => ({
  to: devnet.contracts.destination.punks,
  data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [to, quantity] }),
  value: (parseEther("0.01") * quantity).toString(),
})

const callQuote = (user: Address, txs: ReadonlyArray<ReturnType<typeof mint>>) => ({
  user,
  originChainId: devnet.originChainId,
  destinationChainId: devnet.destinationChainId,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: txs.reduce((sum, tx) => sum + BigInt(tx.value), 0n).toString(),
  tradeType: "EXACT_OUTPUT",
  txs,
  recipient: user,
  refundTo: user,
  referrer: "tradekit",
  includeProtocolData: true,
})

interface Quote {
  steps: Array<{
    id: string
    kind: string
    requestId: Hex
    items: Array<{ data: DepositData; check: { endpoint: string } }>
  }>
  protocol: { v2: { orderId: Hex; orderData: unknown; paymentDetails: Record<string, string> } }
}

/** Quotes a call for user `n`. */
async function quote(n: number, txs: ReadonlyArray<ReturnType<typeof mint>>): Promise<Quote> {
  const answer = await relayApi<Quote>(devnet, "POST", "/quote/v2", callQuote(devnet.accounts.users[n]!.address, txs))
  expect(answer.status).toBe(200)
  return answer.body
}

/** Deposits as the quote's step says, tells Relay the deposit, and waits for the request to end. */
async function deposit(n: number, quote: Quote) {
  const user = devnet.accounts.users[n]!
  const step = quote.steps[0]!
  const origin = clients(devnet, devnet.originChainId, user.account)
  const hash = await origin.wallet.sendTransaction({
    to: step.items[0]!.data.to,
    data: step.items[0]!.data.data,
    value: BigInt(step.items[0]!.data.value),
  })
  const receipt = await origin.public.waitForTransactionReceipt({ hash })
  expect(
    (await relayApi(devnet, "POST", "/transactions/index", { chainId: devnet.originChainId, txHash: hash })).status,
  ).toBe(200)
  return { hash, receipt, status: await finalStatus(devnet, step.requestId) }
}

describe("the devnet's Relay", () => {
  it("lists each chain's Depository, router and solver at GET /chains, as devnet.relay says", async () => {
    const { status, body } = await relayApi<{ chains: Array<Record<string, any>> }>(devnet, "GET", "/chains")
    expect(status).toBe(200)
    for (const chainId of [devnet.originChainId, devnet.destinationChainId]) {
      const chain = body.chains.find((c) => c.id === chainId)!
      expect(chain.protocol.v2.depository).toBe(devnet.relay.chains[chainId]!.depository)
      expect(chain.contracts.v3.erc20Router).toBe(devnet.relay.chains[chainId]!.router)
      expect(chain.solverAddresses).toEqual([devnet.relay.solver])
    }
  })

  it("quotes a call in Relay's shape, with the deprecation headers of /quote/v2", async () => {
    const user = devnet.accounts.users[0]!.address
    const { status, headers, body } = await relayApi<Quote & Record<string, any>>(
      devnet,
      "POST",
      "/quote/v2",
      callQuote(user, [mint(user, 1n)]),
    )
    expect(status).toBe(200)
    expect(headers.get("deprecation")).toBe(`@${Date.UTC(2026, 10, 25) / 1000}`)
    expect(headers.get("sunset")).toBe("Tue, 23 Feb 2027 00:00:00 GMT")
    const step = body.steps[0]!
    expect(step).toMatchObject({ id: "deposit", kind: "transaction" })
    expect(step.items[0]!.check.endpoint).toBe(`/intents/status/v3?requestId=${step.requestId}`)
    const depository = devnet.relay.chains[devnet.originChainId]!.depository
    expect(step.items[0]!.data).toMatchObject({ to: depository, value: parseEther("0.01").toString(), chainId: 31337 })
    expect(step.items[0]!.data.data).toBe(
      encodeFunctionData({ abi: relayDepositoryAbi, functionName: "depositNative", args: [user, step.requestId] }),
    )
    expect(step.items[0]!.data.data.slice(0, 10)).toBe("0x49290c1c")
    expect(body.protocol.v2.orderId).toBe(step.requestId)
    expect(body.protocol.v2.paymentDetails).toEqual({
      chainId: "31337",
      depository,
      currency: zeroAddress,
      amount: parseEther("0.01").toString(),
    })
    expect(Object.keys(body.fees).sort()).toEqual([
      "app",
      "gas",
      "relayer",
      "relayerGas",
      "relayerService",
      "subsidized",
    ])
    expect(body.details).toMatchObject({ recipient: user, currencyIn: { amount: parseEther("0.01").toString() } })
  })

  it("makes the call on the destination chain after the deposit, through the router", async () => {
    const user = devnet.accounts.users[0]!
    const destination = clients(devnet, devnet.destinationChainId, user.account).public
    const punks = devnet.contracts.destination.punks
    const before = await destination.readContract({
      address: punks,
      abi: devnetERC721Abi,
      functionName: "balanceOf",
      args: [user.address],
    })
    const { status, hash } = await deposit(0, await quote(0, [mint(user.address, 1n)]))
    expect(status).toMatchObject({ status: "success", inTxHashes: [hash] })
    const fill = await destination.getTransactionReceipt({ hash: (status.txHashes as Hex[])[0]! })
    expect(fill.status).toBe("success")
    expect(fill.to).toBe(devnet.relay.chains[devnet.destinationChainId]!.router.toLowerCase())
    const after = await destination.readContract({
      address: punks,
      abi: devnetERC721Abi,
      functionName: "balanceOf",
      args: [user.address],
    })
    expect(after).toBe(before + 1n)
  })

  it("forwards an ERC-721 the calls leave with the router to the recipient, as RelayRouterV3 does", async () => {
    const user = devnet.accounts.users[2]!
    const router = devnet.relay.chains[devnet.destinationChainId]!.router
    const destination = clients(devnet, devnet.destinationChainId, user.account).public
    const punks = devnet.contracts.destination.punks
    const tokenId =
      (await destination.readContract({ address: punks, abi: devnetERC721Abi, functionName: "totalSupply" })) + 1n
    // A mint to the router itself: the safe-mint hook hands the token to the router during the multicall.
    const { status } = await deposit(2, await quote(2, [mint(router, 1n)]))
    expect(status.status).toBe("success")
    const owner = await destination.readContract({
      address: punks,
      abi: devnetERC721Abi,
      functionName: "ownerOf",
      args: [tokenId],
    })
    expect(owner).toBe(user.address)
    expect(
      await destination.readContract({
        address: punks,
        abi: devnetERC721Abi,
        functionName: "balanceOf",
        args: [router],
      }),
    ).toBe(0n)
  })

  it("refunds the whole deposit on the origin chain when the destination call reverts", async () => {
    const user = devnet.accounts.users[1]!
    // Both quotes pass the simulation; the second fill exceeds the 5-per-wallet cap once the first is minted.
    const first = await quote(1, [mint(user.address, 3n)])
    const second = await quote(1, [mint(user.address, 3n)])
    expect((await deposit(1, first)).status.status).toBe("success")
    const origin = clients(devnet, devnet.originChainId, user.account).public
    const before = await origin.getBalance({ address: user.address })
    const { status, receipt } = await deposit(1, second)
    expect(status).toMatchObject({ status: "refund", inTxHashes: [receipt.transactionHash] })
    const refund = await origin.getTransactionReceipt({ hash: (status.txHashes as Hex[])[0]! })
    expect(refund.status).toBe("success")
    expect(refund.to).toBe(devnet.relay.chains[devnet.originChainId]!.depository.toLowerCase())
    // Only the deposit's gas is gone: the refund pays back all 0.03 ETH, with no charge.
    const gas = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await origin.getBalance({ address: user.address })).toBe(before - gas)
  })
})
