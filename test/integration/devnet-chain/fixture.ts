/** Shared setup for the devnet chain tests: two anvils, deployed contracts, named accounts and tx helpers. */

import {
  type Abi,
  type Account,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
} from "viem"
import type { HDAccount } from "viem/accounts"
import { type AnvilInstance, anvilAccounts, startAnvil } from "../../../devnet/chain/anvil.js"
import { type DevnetContracts, deployContracts, devnetChain, devnetPublicClient } from "../../../devnet/chain/deploy.js"

export interface ChainFixture {
  readonly origin: AnvilInstance
  readonly destination: AnvilInstance
  readonly contracts: DevnetContracts
  readonly originClient: PublicClient
  readonly destinationClient: PublicClient
  readonly accounts: {
    readonly deployer: HDAccount
    readonly operator: HDAccount
    readonly solver: HDAccount
    readonly alice: HDAccount
    readonly bob: HDAccount
    readonly carol: HDAccount
  }
  readonly timings: { readonly anvilMs: number; readonly deployMs: number }
  stop(): Promise<void>
}

/** Starts origin (31337) and destination (31338) anvils concurrently and deploys everything. */
export async function setupChains(): Promise<ChainFixture> {
  const [deployer, operator, solver, alice, bob, carol] = anvilAccounts(6) as [
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
  ]
  let t = performance.now()
  const [origin, destination] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  const anvilMs = performance.now() - t
  t = performance.now()
  const contracts = await deployContracts({
    origin,
    destination,
    deployer,
    operator: operator.address,
    solver: solver.address,
  })
  const deployMs = performance.now() - t
  return {
    origin,
    destination,
    contracts,
    originClient: devnetPublicClient(origin),
    destinationClient: devnetPublicClient(destination),
    accounts: { deployer, operator, solver, alice, bob, carol },
    timings: { anvilMs, deployMs },
    stop: async () => {
      await Promise.all([origin.stop(), destination.stop()])
    },
  }
}

/**
 * Sends a contract call from `account` and waits for a successful receipt. Reverts surface as rejected
 * promises carrying the revert reason (viem estimates gas first, which fails with the reason).
 */
export async function send<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, "nonpayable" | "payable">,
  const args extends ContractFunctionArgs<abi, "nonpayable" | "payable", functionName>,
>(
  chain: AnvilInstance,
  account: Account,
  call: { address: Address; abi: abi; functionName: functionName; args: args; value?: bigint },
): Promise<TransactionReceipt> {
  const wallet = createWalletClient({ account, chain: devnetChain(chain), transport: http(chain.rpcUrl) })
  const hash: Hex = await wallet.writeContract(call as never)
  const receipt = await devnetPublicClient(chain).waitForTransactionReceipt({ hash })
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`)
  return receipt
}
