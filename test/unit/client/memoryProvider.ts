import { type Hex, keccak256, toHex } from "viem"

/**
 * A tiny in-memory EIP-1193 provider for a viem WalletClient with a local account: enough for viem to prepare,
 * sign and "send" a transaction. Raw transactions are recorded; receipts never arrive (the API's status poll
 * decides), so nothing here needs a node.
 */
export const memoryProvider = (chainId: number) => {
  const rawTransactions: Array<Hex> = []
  const methods: Array<string> = []
  const block = {
    number: "0x1",
    hash: `0x${"11".repeat(32)}`,
    parentHash: `0x${"00".repeat(32)}`,
    timestamp: "0x1",
    baseFeePerGas: "0x3b9aca00",
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    transactions: [],
  }
  const request = async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }): Promise<unknown> => {
    methods.push(method)
    switch (method) {
      case "eth_chainId":
        return toHex(chainId)
      case "eth_getTransactionCount":
        return toHex(rawTransactions.length)
      case "eth_estimateGas":
        return "0x5208"
      case "eth_gasPrice":
      case "eth_maxPriorityFeePerGas":
        return "0x3b9aca00"
      case "eth_blockNumber":
        return "0x1"
      case "eth_getBlockByNumber":
        return block
      case "eth_sendRawTransaction": {
        const raw = params?.[0] as Hex
        rawTransactions.push(raw)
        return keccak256(raw)
      }
      case "eth_getTransactionReceipt":
      case "eth_getTransactionByHash":
        return null
      default:
        // As a node answers a method it does not serve (viem then falls back at once, without retrying).
        throw Object.assign(new Error(`memoryProvider: unsupported ${method}`), { code: -32601 })
    }
  }
  return { request, rawTransactions, methods }
}
