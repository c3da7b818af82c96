import { type Address, type Hex, keccak256, parseTransaction, toHex } from "viem"

/**
 * A tiny in-memory EIP-1193 provider for a viem WalletClient with a local account: enough for viem to prepare,
 * sign and "send" a transaction. Raw transactions are recorded, and each is mined at once, successfully (its
 * receipt is there as soon as it is sent, like those of the `mined` hashes), so nothing here needs a node. With
 * `from`, the node also tells each transaction it knows by its hash, as sent by that account.
 *
 * `sync` has the node serve `eth_sendRawTransactionSync` (EIP-7966): `mined` answers with the receipt (`reverted`
 * with a reverted one), `held` accepts the transaction and holds the call as a node waiting for its block does,
 * `rejected` refuses it (and its `eth_sendRawTransaction`) as a node refuses a stale nonce, `refusedMethod` refuses the
 * method in an RPC provider's own words (-32600). Without it, the node does not know the method (-32601).
 */
export const memoryProvider = (
  chainId: number,
  options: {
    readonly mined?: ReadonlyArray<Hex>
    readonly from?: Address
    readonly sync?: "mined" | "reverted" | "held" | "rejected" | "refusedMethod"
  } = {},
) => {
  const rawTransactions: Array<Hex> = []
  // The receipts the node has: every transaction it accepted, and those `mined` before it started (sent
  // before a page reload, say), by hash.
  const receipts = new Map<Hex, Address | null>((options.mined ?? []).map((hash) => [hash, null]))
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
  const reverted = new Set<Hex>()
  const accept = (raw: Hex): Hex => {
    rawTransactions.push(raw)
    const hash = keccak256(raw)
    receipts.set(hash, parseTransaction(raw).to ?? null)
    return hash
  }
  const receiptOf = (hash: Hex, to: Address | null) => ({
    transactionHash: hash,
    transactionIndex: "0x0",
    blockHash: block.hash,
    blockNumber: block.number,
    from: `0x${"00".repeat(20)}`,
    to,
    cumulativeGasUsed: "0x5208",
    gasUsed: "0x5208",
    effectiveGasPrice: "0x3b9aca00",
    contractAddress: null,
    logs: [],
    logsBloom: `0x${"00".repeat(256)}`,
    status: reverted.has(hash) ? "0x0" : "0x1",
    type: "0x2",
  })
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
      case "eth_sendRawTransaction":
        if (options.sync === "rejected") throw Object.assign(new Error("nonce too low"), { code: -32000 })
        return accept(params?.[0] as Hex)
      case "eth_sendRawTransactionSync": {
        if (options.sync === undefined) break
        if (options.sync === "rejected") throw Object.assign(new Error("nonce too low"), { code: -32000 })
        if (options.sync === "refusedMethod")
          throw Object.assign(new Error("Unsupported method: eth_sendRawTransactionSync"), { code: -32600 })
        const hash = accept(params?.[0] as Hex)
        if (options.sync === "held") return new Promise(() => {})
        if (options.sync === "reverted") reverted.add(hash)
        return receiptOf(hash, receipts.get(hash) ?? null)
      }
      case "eth_getTransactionReceipt": {
        const hash = params?.[0] as Hex
        return receipts.has(hash) ? receiptOf(hash, receipts.get(hash) ?? null) : null
      }
      case "eth_getTransactionByHash": {
        const hash = params?.[0] as Hex
        if (options.from === undefined || !receipts.has(hash)) return null
        return {
          hash,
          from: options.from,
          to: receipts.get(hash) ?? null,
          nonce: "0x0",
          value: "0x0",
          input: "0x",
          gas: "0x5208",
          gasPrice: "0x3b9aca00",
          blockHash: block.hash,
          blockNumber: block.number,
          transactionIndex: "0x0",
          type: "0x0",
          chainId: toHex(chainId),
          v: "0x1b",
          r: `0x${"01".repeat(32)}`,
          s: `0x${"01".repeat(32)}`,
        }
      }
    }
    // As a node answers a method it does not serve (viem then falls back at once, without retrying).
    throw Object.assign(new Error(`memoryProvider: unsupported ${method}`), { code: -32601 })
  }
  return { request, rawTransactions, methods }
}
