/**
 * The quote's `protocol.v2.orderId` is what Relay's own protocol SDK computes for its `orderData`
 * (`getOrderId` of `@reservoir0x/relay-protocol-sdk`), and it is the `id` the deposit carries.
 *
 * The SDK is not a dependency of this repository yet: the test loads it from `RELAY_PROTOCOL_SDK_DIR` (an
 * unpacked `npm pack @reservoir0x/relay-protocol-sdk`, `/tmp/rps/package` by default) and is skipped without it.
 * Its dependencies other than viem (tronweb, bitcoinjs-lib, bech32, bs58) serve non-EVM chains only and are stubbed.
 */
import { existsSync } from "node:fs"
import Module, { createRequire } from "node:module"
import { join } from "node:path"
import { decodeFunctionData, encodeFunctionData, type Hex, parseEther, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi, relayDepositoryAbi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { relayApi } from "./fixture.js"

const sdkDir = process.env.RELAY_PROTOCOL_SDK_DIR ?? "/tmp/rps/package"
const sdkPresent = existsSync(join(sdkDir, "dist", "order", "index.js"))

type GetOrderId = (order: unknown, config: Record<string, string>) => Hex

/** The SDK's `getOrderId`, with its non-EVM dependencies stubbed and viem taken from this repository. */
function sdkGetOrderId(): GetOrderId {
  const ours = createRequire(import.meta.url)
  const viem = ours("viem")
  const proto = (Module as unknown as { prototype: { require: (id: string) => unknown } }).prototype
  const original = proto.require
  const stubbed = new Set(["tronweb", "bitcoinjs-lib", "bech32", "bs58", "@coral-xyz/anchor", "@mysten/sui"])
  proto.require = function (this: unknown, id: string) {
    if (stubbed.has(id)) return {}
    if (id === "viem") return viem
    return original.call(this, id)
  }
  try {
    return (ours(join(sdkDir, "dist", "order", "index.js")) as { getOrderId: GetOrderId }).getOrderId
  } finally {
    proto.require = original
  }
}

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
})
afterAll(async () => {
  await devnet?.stop()
})

describe.skipIf(!sdkPresent)("the quote's order id", () => {
  it("is Relay's protocol SDK getOrderId of the quote's orderData, and the deposit's id", async () => {
    const user = devnet.accounts.users[3]!.address
    const txs = [
      {
        to: devnet.contracts.destination.punks,
        data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [user, 2n] }),
        value: parseEther("0.02").toString(),
      },
    ]
    const { status, body } = await relayApi<Record<string, any>>(devnet, "POST", "/quote/v2", {
      user,
      originChainId: devnet.originChainId,
      destinationChainId: devnet.destinationChainId,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.02").toString(),
      tradeType: "EXACT_OUTPUT",
      txs,
      refundTo: user,
      includeProtocolData: true,
    })
    expect(status).toBe(200)
    const { orderId, orderData } = body.protocol.v2
    const vm = { [String(devnet.originChainId)]: "ethereum-vm", [String(devnet.destinationChainId)]: "ethereum-vm" }
    expect(sdkGetOrderId()(orderData, vm)).toBe(orderId)
    const deposit = decodeFunctionData({ abi: relayDepositoryAbi, data: body.steps[0].items[0].data.data })
    expect(deposit).toEqual({ functionName: "depositNative", args: [user, orderId] })
    expect(orderData.output.calls).toHaveLength(1)
  })
})
