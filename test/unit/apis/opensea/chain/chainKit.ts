/**
 * The chain the OpenSea book's chain tests read: the test kit's fake chain as plain `ChainReads`, and receipts whose
 * logs are encoded with viem from the events' ABIs, as a node would return them.
 */
import * as Effect from "effect/Effect"
import {
  type Abi,
  type Address,
  type ContractEventName,
  encodeAbiParameters,
  encodeEventTopics,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  getAbiItem,
  type Hex,
  pad,
  type TransactionReceipt,
} from "viem"
import { ChainReader, type ChainReads } from "../../../../../src/apis/opensea/chain/chainReads.js"
import type { FakeChainReads } from "../../../../../src/testing/FakeChainReads.js"

/** The reads of `fake` on any chain. */
export const readsOf = (fake: FakeChainReads): ChainReads =>
  Effect.runSync(
    Effect.gen(function* () {
      const reader = yield* ChainReader
      return yield* reader.forChain({ id: 1, name: "Ethereum", baseApiUrl: "" })
    }).pipe(Effect.provide(fake.layer)),
  )

const item = [
  { name: "itemType", type: "uint8" },
  { name: "token", type: "address" },
  { name: "identifier", type: "uint256" },
  { name: "amount", type: "uint256" },
] as const

/** Seaport 1.6's `OrderFulfilled`, with its spent and received items. */
export const orderFulfilledAbi = [
  {
    type: "event",
    name: "OrderFulfilled",
    inputs: [
      { name: "orderHash", type: "bytes32", indexed: false },
      { name: "offerer", type: "address", indexed: true },
      { name: "zone", type: "address", indexed: true },
      { name: "recipient", type: "address", indexed: false },
      { name: "offer", type: "tuple[]", indexed: false, components: item },
      {
        name: "consideration",
        type: "tuple[]",
        indexed: false,
        components: [...item, { name: "recipient", type: "address" }],
      },
    ],
  },
] as const

/** The ERC-20, ERC-721 and ERC-1155 transfer events, as viem's standard ABIs declare them. */
export const transferAbis = { erc20: erc20Abi, erc721: erc721Abi, erc1155: erc1155Abi }

/** A log of `eventName` by `address`, its indexed arguments in the topics and the rest ABI-encoded in the data. */
export const logOf = <const abi extends Abi>(
  address: Address,
  abi: abi,
  eventName: ContractEventName<abi>,
  args: Record<string, unknown>,
) => {
  const event = getAbiItem({ abi: abi as Abi, name: eventName as string }) as {
    readonly inputs: ReadonlyArray<{ readonly name: string; readonly indexed?: boolean; readonly type: string }>
  }
  const unindexed = event.inputs.filter((input) => input.indexed !== true)
  return {
    address,
    topics: encodeEventTopics({ abi: abi as Abi, eventName: eventName as string, args } as never) as Array<Hex>,
    data: encodeAbiParameters(unindexed as never, unindexed.map((input) => args[input.name]) as never),
  }
}

/** A log of Seaport's fill of `orderHash`, logged by `address`. */
export const orderFulfilledLog = (address: Address, orderHash: Hex, offerer: Address) =>
  logOf(address, orderFulfilledAbi, "OrderFulfilled", {
    orderHash,
    offerer,
    zone: "0x0000000000000000000000000000000000000000",
    recipient: offerer,
    offer: [],
    consideration: [],
  })

/** A mined, successful receipt of `hash` with `logs`. */
export const receiptWith = (
  hash: Hex,
  logs: ReadonlyArray<{ readonly address: Address; readonly topics: ReadonlyArray<Hex>; readonly data: Hex }>,
): TransactionReceipt =>
  ({
    transactionHash: hash,
    blockHash: pad("0x01"),
    blockNumber: 1n,
    status: "success",
    logs: logs.map((log, logIndex) => ({
      ...log,
      blockHash: pad("0x01"),
      blockNumber: 1n,
      logIndex,
      removed: false,
      transactionHash: hash,
      transactionIndex: 0,
    })),
  }) as unknown as TransactionReceipt
