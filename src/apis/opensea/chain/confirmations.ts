import * as Effect from "effect/Effect"
import { type Hex, parseAbi, parseEventLogs } from "viem"
import type { ChainReads } from "./chainReads.js"

const transferEvents = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
  "event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
])

/**
 * The transfers of `hashes`, from the receipts' logs: the ERC-721 `Transfer` and ERC-1155
 * `TransferSingle` events of each mined transaction (a transaction not mined yet has none, so the executor asks again).
 */
export const transfersOf = (reads: ChainReads, hashes: ReadonlyArray<Hex>) =>
  Effect.map(
    Effect.forEach(hashes, (hash) => reads.receipt(hash)),
    (receipts) => ({
      transfers: receipts.flatMap((receipt) =>
        receipt === undefined
          ? []
          : parseEventLogs({ abi: transferEvents, logs: receipt.logs, strict: false }).flatMap((log) => {
              const args = log.args as Record<string, unknown>
              const tokenId = log.eventName === "Transfer" ? args.tokenId : args.id
              // An ERC-20 Transfer has its amount in the data, not an indexed id: not a token transfer.
              if (typeof tokenId !== "bigint" || log.topics.length < 4) return []
              return [
                {
                  txHash: receipt.transactionHash,
                  token: { contract: log.address.toLowerCase(), tokenId: tokenId.toString() },
                  from: String(args.from).toLowerCase(),
                  to: String(args.to).toLowerCase(),
                  amount: log.eventName === "Transfer" ? "1" : String(args.value),
                },
              ]
            }),
      ),
    }),
  )
