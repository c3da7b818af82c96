import { type Hex, keccak256, parseTransaction, toHex } from "viem"

/**
 * An EIP-1193 provider standing in for a node: enough for a viem WalletClient with a local account to prepare,
 * sign and send transactions, and for any watcher to find each one mined successfully at once — or, with
 * `mined: false`, pending forever. Raw transactions are recorded; nothing leaves the process.
 */
export const scriptedChain = (chainId: number, from: Hex, options: { readonly mined?: boolean } = {}) => {
  const mines = options.mined ?? true
  const rawTransactions: Array<Hex> = []
  const methods: Array<string> = []
  const sent = new Map<Hex, { readonly raw: Hex; readonly index: number }>()
  const blockNumber = () => toHex(16 + rawTransactions.length)
  const blockHash = (n: number) => keccak256(toHex(`block ${n}`))

  const transactionOf = (hash: Hex) => {
    const entry = sent.get(hash)
    if (entry === undefined) return null
    const tx = parseTransaction(entry.raw)
    return {
      hash,
      from,
      to: tx.to ?? null,
      input: tx.data ?? "0x",
      value: toHex(tx.value ?? 0n),
      nonce: toHex(tx.nonce ?? 0),
      gas: toHex(tx.gas ?? 0n),
      maxFeePerGas: toHex(tx.maxFeePerGas ?? 0n),
      maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas ?? 0n),
      chainId: toHex(chainId),
      type: "0x2",
      accessList: [],
      blockHash: mines ? blockHash(17 + entry.index) : null,
      blockNumber: mines ? toHex(17 + entry.index) : null,
      transactionIndex: mines ? "0x0" : null,
      v: "0x0",
      yParity: "0x0",
      r: tx.r ?? "0x1",
      s: tx.s ?? "0x1",
    }
  }

  const receiptOf = (hash: Hex) => {
    const tx = transactionOf(hash)
    if (tx === null || !mines) return null
    return {
      transactionHash: hash,
      transactionIndex: "0x0",
      blockHash: tx.blockHash,
      blockNumber: tx.blockNumber,
      from,
      to: tx.to,
      cumulativeGasUsed: "0x5208",
      gasUsed: "0x5208",
      effectiveGasPrice: "0x3b9aca00",
      contractAddress: null,
      logs: [],
      logsBloom: `0x${"00".repeat(256)}`,
      status: "0x1",
      type: "0x2",
    }
  }

  const request = async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }): Promise<unknown> => {
    methods.push(method)
    switch (method) {
      case "eth_chainId":
        return toHex(chainId)
      case "eth_getTransactionCount":
        // Pending transactions count for the next nonce; only mined ones at "latest".
        return toHex(params?.[1] === "latest" && !mines ? 0 : rawTransactions.length)
      case "eth_estimateGas":
        return "0x5208"
      case "eth_gasPrice":
      case "eth_maxPriorityFeePerGas":
        return "0x3b9aca00"
      case "eth_blockNumber":
        return blockNumber()
      case "eth_getBlockByNumber": {
        const tag = params?.[0]
        const n = typeof tag === "string" && tag.startsWith("0x") ? Number(tag) : Number(blockNumber())
        return {
          number: toHex(n),
          hash: blockHash(n),
          parentHash: blockHash(n - 1),
          timestamp: toHex(1_700_000_000 + n),
          baseFeePerGas: "0x3b9aca00",
          gasLimit: "0x1c9c380",
          gasUsed: "0x0",
          transactions: [],
        }
      }
      case "eth_sendRawTransaction": {
        const raw = params?.[0] as Hex
        const hash = keccak256(raw)
        sent.set(hash, { raw, index: rawTransactions.length })
        rawTransactions.push(raw)
        return hash
      }
      case "eth_getTransactionReceipt":
        return receiptOf(params?.[0] as Hex)
      case "eth_getTransactionByHash":
        return transactionOf(params?.[0] as Hex)
      default:
        // EIP-1193 "method not found": viem falls back at once instead of retrying (eth_fillTransaction).
        throw Object.assign(new Error(`scriptedChain: unsupported ${method}`), { code: -32601 })
    }
  }
  return { request, rawTransactions, methods, hashes: () => rawTransactions.map((raw) => keccak256(raw)) }
}
