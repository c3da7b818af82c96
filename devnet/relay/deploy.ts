/**
 * Deploys the devnet's Relay contracts (RelayDepository, RelayRouter) on each chain from the Relay solver's own
 * key, so that its nonces never race the devnet's other accounts (the older cross-chain flow's solver above all).
 */
import {
  type Address,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  parseEther,
  toBytes,
  toHex,
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { relayDepositoryAbi, relayDepositoryBytecode, relayRouterAbi, relayRouterBytecode } from "../artifacts/index.js"
import { type ChainEndpoint, devnetChain, devnetPublicClient, rpc } from "../chain/index.js"

/** The Relay contracts on one chain. */
export interface RelayChainContracts {
  readonly chainId: number
  /** The protocol v2 Depository: deposits go here, with the order id. */
  readonly depository: Address
  /** The router whose multicall makes the destination calls (`msg.sender` of each call). */
  readonly router: Address
}

/** The Relay solver's ETH on each chain: its liquidity for destination calls and the gas it pays. */
export const RELAY_SOLVER_BALANCE = parseEther("1000")

/** The Relay solver's key: derived, not one of the test mnemonic's, so no other devnet role shares its nonces. */
export function relaySolverAccount(): LocalAccount {
  return privateKeyToAccount(keccak256(toBytes("tradekit-devnet relay solver")))
}

/** Funds the solver and deploys the Depository (the solver as its allocator) and the router on `endpoint`. */
export async function deployRelayContracts(
  endpoint: ChainEndpoint,
  solver: LocalAccount,
): Promise<RelayChainContracts> {
  await rpc(endpoint.rpcUrl, "anvil_setBalance", [solver.address, toHex(RELAY_SOLVER_BALANCE)])
  const client = devnetPublicClient(endpoint)
  const wallet = createWalletClient({ account: solver, chain: devnetChain(endpoint), transport: http(endpoint.rpcUrl) })
  const nonce = await client.getTransactionCount({ address: solver.address, blockTag: "pending" })
  const deploys: Hex[] = [
    encodeDeployData({ abi: relayDepositoryAbi, bytecode: relayDepositoryBytecode, args: [solver.address] }),
    encodeDeployData({ abi: relayRouterAbi, bytecode: relayRouterBytecode }),
  ]
  const fees = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  const hashes: Hex[] = []
  for (const [i, data] of deploys.entries()) {
    hashes.push(await wallet.sendTransaction({ data, nonce: nonce + i, gas: 2_000_000n, ...fees }))
  }
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  for (const r of receipts) {
    if (r.status !== "success")
      throw new Error(`Relay deploy on chain ${endpoint.chainId} reverted (tx ${r.transactionHash})`)
  }
  return {
    chainId: endpoint.chainId,
    depository: getContractAddress({ from: solver.address, nonce: BigInt(nonce) }),
    router: getContractAddress({ from: solver.address, nonce: BigInt(nonce + 1) }),
  }
}
