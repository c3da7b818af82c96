import * as Result from "effect/Result"
import { encodeFunctionData, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { executeOk, fetchOnly, reads } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const mintCall = (devnet: Devnet, to: `0x${string}`) => ({
  to: devnet.contracts.destination.punks,
  data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [to, 1n] }),
  value: parseEther("0.01").toString(),
})

describe("cross-chain call through the core executor", () => {
  it("quotes the relayer fee and the deposit on a precheck", async () => {
    const user = devnet.accounts.users[0]!
    const answer = Result.getOrThrow(
      await fetchOnly(
        devnet,
        user,
        "/execute/call/v1",
        { user: user.address, txs: [mintCall(devnet, user.address)], originChainId: devnet.originChainId },
        devnet.destinationChainId,
      ),
    )
    expect(answer.fees?.relayer).toMatchObject({
      currency: { contract: "0x0000000000000000000000000000000000000000", decimals: 18, symbol: "ETH" },
      amount: { raw: parseEther("0.0001").toString(), decimal: 0.0001 },
    })
    const deposit = answer.steps[0]!
    expect(deposit).toMatchObject({ id: "deposit", kind: "transaction" })
    expect(deposit.items![0]).toMatchObject({
      data: {
        to: devnet.contracts.origin.depository,
        chainId: devnet.originChainId,
        value: parseEther("0.0101").toString(),
      },
      check: { endpoint: "/execute/status/v1", body: { kind: "cross-chain-intent", id: answer.requestId } },
    })
  })

  it("deposits on 31337 and the solver mints the NFT to the user on 31338", async () => {
    const user = devnet.accounts.users[1]!
    const origin = reads(devnet)
    const destination = reads(devnet, devnet.destinationChainId)
    const depositoryBefore = await origin.eth(devnet.contracts.origin.depository)
    const final = await executeOk(
      devnet,
      user,
      "/execute/call/v1",
      { user: user.address, txs: [mintCall(devnet, user.address)], originChainId: devnet.originChainId },
      { chainId: devnet.destinationChainId },
    )
    const item = final.steps[0]!.items![0]!
    expect(item.status).toBe("complete")
    expect(item.internalTxHashes).toEqual([expect.objectContaining({ chainId: devnet.originChainId })])
    expect(item.txHashes).toEqual([expect.objectContaining({ chainId: devnet.destinationChainId })])
    expect(await destination.ownerOf(devnet.contracts.destination.punks, 1n)).toBe(user.address)
    expect((await origin.eth(devnet.contracts.origin.depository)) - depositoryBefore).toBe(parseEther("0.0101"))
    const fill = await destination.client.getTransactionReceipt({ hash: item.txHashes![0]!.txHash as `0x${string}` })
    expect(fill.status).toBe("success")
    expect(fill.to?.toLowerCase()).toBe(devnet.contracts.destination.solver.toLowerCase())
  })

  it("refuses a call sent to the origin chain's API", async () => {
    const user = devnet.accounts.users[0]!
    const answer = await fetchOnly(devnet, user, "/execute/call/v1", {
      user: user.address,
      txs: [mintCall(devnet, user.address)],
      originChainId: devnet.originChainId,
    })
    expect(Result.isFailure(answer) && answer.failure).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("destination chain"),
    })
  })
})
