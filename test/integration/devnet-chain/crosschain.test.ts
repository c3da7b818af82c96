import {
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseEventLogs,
  toHex,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { depositoryAbi, devnetERC721Abi, solverAbi } from "../../../devnet/artifacts/index.js"
import { devnetChain } from "../../../devnet/chain/deploy.js"
import { type ChainFixture, send, setupChains } from "./fixture.js"

let f: ChainFixture
beforeAll(async () => {
  f = await setupChains()
})
afterAll(async () => {
  await f?.stop()
})

const requestId = (label: string): Hex => keccak256(toHex(`${label}-${Math.random()}`))
const mintCall = (to: Hex, quantity = 1n) =>
  encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [to, quantity] })

describe("cross-chain", () => {
  it("records a deposit on the origin chain", async () => {
    const { alice } = f.accounts
    const id = requestId("deposit")
    const depository = f.contracts.origin.depository
    await expect(
      send(f.origin, alice, {
        address: depository,
        abi: depositoryAbi,
        functionName: "deposit",
        args: [id],
        value: 0n,
      }),
    ).rejects.toThrow("Depository: zero value")
    const receipt = await send(f.origin, alice, {
      address: depository,
      abi: depositoryAbi,
      functionName: "deposit",
      args: [id],
      value: parseEther("0.011"),
    })
    const [event] = parseEventLogs({ abi: depositoryAbi, logs: receipt.logs, eventName: "Deposited" })
    expect(event?.args).toEqual({ requestId: id, depositor: alice.address, amount: parseEther("0.011") })
    expect(await f.originClient.getBalance({ address: depository })).toBe(parseEther("0.011"))
    await expect(
      send(f.origin, alice, {
        address: depository,
        abi: depositoryAbi,
        functionName: "withdraw",
        args: [alice.address, 1n],
      }),
    ).rejects.toThrow("Owned: not owner")
  })

  it("lets the solver execute the requested call on the destination chain, once", async () => {
    const { alice, solver } = f.accounts
    const { solver: solverContract, punks } = f.contracts.destination
    const id = requestId("fill")
    const fill = (account = solver, value = parseEther("0.01"), req = id) =>
      send(f.destination, account, {
        address: solverContract,
        abi: solverAbi,
        functionName: "fill",
        args: [req, punks, mintCall(alice.address), value],
        value,
      })

    await expect(fill(alice)).rejects.toThrow("Solver: not solver")
    const receipt = await fill()
    expect(
      await f.destinationClient.readContract({
        address: punks,
        abi: devnetERC721Abi,
        functionName: "ownerOf",
        args: [1n],
      }),
    ).toBe(alice.address)
    expect(
      await f.destinationClient.readContract({
        address: solverContract,
        abi: solverAbi,
        functionName: "isFilled",
        args: [id],
      }),
    ).toBe(true)
    const [event] = parseEventLogs({ abi: solverAbi, logs: receipt.logs, eventName: "Filled" })
    expect(event?.args).toEqual({ requestId: id, to: punks, value: parseEther("0.01") })
    await expect(fill()).rejects.toThrow("Solver: already filled")

    // A failing target call bubbles its reason and leaves the request open for a retry.
    const failing = requestId("failing")
    await expect(fill(solver, parseEther("0.001"), failing)).rejects.toThrow("DevnetERC721: wrong value")
    expect(
      await f.destinationClient.readContract({
        address: solverContract,
        abi: solverAbi,
        functionName: "isFilled",
        args: [failing],
      }),
    ).toBe(false)
  })

  it("can pay the call from a pre-funded Solver balance", async () => {
    const { alice, solver } = f.accounts
    const { solver: solverContract, punks } = f.contracts.destination
    const wallet = createWalletClient({
      account: solver,
      chain: devnetChain(f.destination),
      transport: http(f.destination.rpcUrl),
    })
    await f.destinationClient.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: solverContract, value: parseEther("1") }),
    })
    await send(f.destination, solver, {
      address: solverContract,
      abi: solverAbi,
      functionName: "fill",
      args: [requestId("prefunded"), punks, mintCall(alice.address, 2n), parseEther("0.02")],
    })
    expect(
      await f.destinationClient.readContract({
        address: punks,
        abi: devnetERC721Abi,
        functionName: "balanceOf",
        args: [alice.address],
      }),
    ).toBe(3n)
    expect(await f.destinationClient.getBalance({ address: solverContract })).toBe(parseEther("0.98"))
  })
})
