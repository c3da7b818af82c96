/**
 * Deploys the real Seaport 1.6 on a devnet chain: its ConduitController, Seaport itself, one conduit (owned by
 * the deploying key, Seaport and the TransferHelper opened as its channels) that orders name by `conduitKey` and
 * owners approve, the SIP-7 signed zone offers name, and a TransferHelper. The transactions go out back to back with explicit nonces, then the receipts are
 * awaited once.
 */
import {
  type Address,
  concat,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  type LocalAccount,
} from "viem"
import { signedZoneAbi, signedZoneBytecode, transferHelperAbi, transferHelperBytecode } from "../artifacts/index.js"
import {
  conduitControllerAbi,
  conduitControllerBytecode,
  seaportAbi,
  seaportBytecode,
} from "../artifacts/seaport/index.js"
import { type ChainEndpoint, devnetChain, devnetPublicClient } from "../chain/deploy.js"

/** Where Seaport lives on a devnet chain. */
export interface SeaportDeployment {
  readonly chainId: number
  readonly seaport: Address
  readonly conduitController: Address
  /** The conduit's key: its first 20 bytes are the conduit's owner, as `createConduit` requires. */
  readonly conduitKey: Hex
  /** The conduit: the address owners approve (`setApprovalForAll`, ERC-20 `approve`) so Seaport can move their tokens. */
  readonly conduit: Address
  /** The SIP-7 signed zone (devnet/contracts/SignedZone.sol): restricted offers name it; fills need its signer's extraData. */
  readonly signedZone: Address
  /** Seaport's TransferHelper (devnet/contracts/TransferHelper.sol), an open channel of the conduit. */
  readonly transferHelper: Address
}

/**
 * Deploys ConduitController, Seaport, a conduit and the signed zone (trusting `zoneSigner`) from `deployer` (who must
 * hold some ETH and send nothing else meanwhile).
 */
export async function deploySeaport(
  endpoint: ChainEndpoint,
  deployer: LocalAccount,
  zoneSigner: Address,
): Promise<SeaportDeployment> {
  const client = devnetPublicClient(endpoint)
  const wallet = createWalletClient({
    account: deployer,
    chain: devnetChain(endpoint),
    transport: http(endpoint.rpcUrl),
  })
  const nonce = await client.getTransactionCount({ address: deployer.address, blockTag: "pending" })
  const conduitController = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
  const seaport = getContractAddress({ from: deployer.address, nonce: BigInt(nonce + 1) })
  const signedZone = getContractAddress({ from: deployer.address, nonce: BigInt(nonce + 3) })
  const transferHelper = getContractAddress({ from: deployer.address, nonce: BigInt(nonce + 4) })
  const conduitKey = concat([deployer.address.toLowerCase() as Hex, "0x000000000000000000000000"])
  const calls: ReadonlyArray<{ to?: Address; data: Hex }> = [
    { data: encodeDeployData({ abi: conduitControllerAbi, bytecode: conduitControllerBytecode }) },
    { data: encodeDeployData({ abi: seaportAbi, bytecode: seaportBytecode, args: [conduitController] }) },
    {
      to: conduitController,
      data: encodeFunctionData({
        abi: conduitControllerAbi,
        functionName: "createConduit",
        args: [conduitKey, deployer.address],
      }),
    },
    { data: encodeDeployData({ abi: signedZoneAbi, bytecode: signedZoneBytecode, args: [zoneSigner] }) },
    {
      data: encodeDeployData({
        abi: transferHelperAbi,
        bytecode: transferHelperBytecode,
        args: [conduitController],
      }),
    },
  ]
  // Gas is given, not estimated: an estimate of a call on a contract deployed by a pending transaction would fail.
  const gas = [3_000_000n, 8_000_000n, 1_000_000n, 1_500_000n, 1_500_000n]
  const fees = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  const hashes: Hex[] = []
  for (const [i, call] of calls.entries()) {
    hashes.push(await wallet.sendTransaction({ ...call, nonce: nonce + i, gas: gas[i]!, ...fees }))
  }
  const conduit = await waitAll(client, hashes).then(() =>
    client.readContract({
      address: conduitController,
      abi: conduitControllerAbi,
      functionName: "getConduit",
      args: [conduitKey],
    }),
  )
  // Seaport and the TransferHelper are the conduit's open channels: only they may ask it to move approved tokens.
  const channels = await Promise.all(
    [seaport, transferHelper].map((channel, i) =>
      wallet.sendTransaction({
        to: conduitController,
        data: encodeFunctionData({
          abi: conduitControllerAbi,
          functionName: "updateChannel",
          args: [conduit[0], channel, true],
        }),
        nonce: nonce + calls.length + i,
        gas: 200_000n,
        ...fees,
      }),
    ),
  )
  await waitAll(client, channels)
  return {
    chainId: endpoint.chainId,
    seaport,
    conduitController,
    conduitKey,
    conduit: conduit[0],
    signedZone,
    transferHelper,
  }
}

async function waitAll(client: ReturnType<typeof devnetPublicClient>, hashes: ReadonlyArray<Hex>): Promise<void> {
  const receipts = await Promise.all(
    hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 10 })),
  )
  const failed = receipts.find((r) => r.status !== "success")
  if (failed !== undefined) throw new Error(`Seaport deploy transaction ${failed.transactionHash} reverted`)
}
