/**
 * The devnet's drops: its SeaDrop (devnet/contracts/SeaDrop.sol, standing in for OpenSea's SeaDrop singleton
 * `0x00005ea00ac477b1030ce78506496e8c2de24bf5`) and two SeaDrop-minted ERC-721 drops configured by their
 * constructors: one minting now, one whose public stage starts in 30 days. Each pays OpenSea's fee recipient `feeBps`
 * of every mint, and its creator the rest.
 */
import {
  type Address,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  type Hex,
  http,
  type LocalAccount,
  parseEther,
} from "viem"
import { dropERC721Abi, dropERC721Bytecode, seaDropAbi, seaDropBytecode } from "../artifacts/index.js"
import { type ChainEndpoint, devnetChain, devnetPublicClient } from "../chain/deploy.js"
import { OPENSEA_FEE_RECIPIENT, slugOf } from "./collections.js"

/** One drop: a SeaDrop-minted ERC-721 and its public stage as deployed. */
export interface DevnetDrop {
  readonly slug: string
  readonly name: string
  readonly contract: Address
  /** Where the mint price, less the fee, goes. */
  readonly creator: Address
}

/** The devnet's SeaDrop and its drops. */
export interface DropsDeployment {
  readonly seaDrop: Address
  readonly drops: ReadonlyArray<DevnetDrop>
}

// The drops' terms: 0.01 ETH a token, 3 a wallet, 10 % to OpenSea, 10 tokens in all.
const DROP_PRICE = parseEther("0.01")
const DROP_MAX_PER_WALLET = 3
const DROP_FEE_BPS = 1000
const DROP_MAX_SUPPLY = 10n

const DAY = 86_400n

/**
 * Deploys SeaDrop and the two drops from `deployer` (who must hold some ETH and send nothing else meanwhile): "Devnet
 * Drop" active from an hour ago for a year of chain time, "Devnet Drop Soon" from 30 days ahead.
 */
export async function deployDrops(
  endpoint: ChainEndpoint,
  deployer: LocalAccount,
  creator: Address,
): Promise<DropsDeployment> {
  const client = devnetPublicClient(endpoint)
  const wallet = createWalletClient({
    account: deployer,
    chain: devnetChain(endpoint),
    transport: http(endpoint.rpcUrl),
  })
  const nonce = await client.getTransactionCount({ address: deployer.address, blockTag: "pending" })
  const now = (await client.getBlock()).timestamp
  const seaDrop = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
  const terms = [
    { name: "Devnet Drop", start: now - 3600n, end: now + 365n * DAY },
    { name: "Devnet Drop Soon", start: now + 30n * DAY, end: now + 60n * DAY },
  ]
  const deploys: Hex[] = [
    encodeDeployData({ abi: seaDropAbi, bytecode: seaDropBytecode }),
    ...terms.map((t) =>
      encodeDeployData({
        abi: dropERC721Abi,
        bytecode: dropERC721Bytecode,
        args: [
          t.name,
          "DROP",
          seaDrop,
          DROP_MAX_SUPPLY,
          creator,
          OPENSEA_FEE_RECIPIENT,
          {
            mintPrice: DROP_PRICE,
            startTime: Number(t.start),
            endTime: Number(t.end),
            maxTotalMintableByWallet: DROP_MAX_PER_WALLET,
            feeBps: DROP_FEE_BPS,
            restrictFeeRecipients: true,
          },
        ],
      }),
    ),
  ]
  // Gas is given, not estimated: a drop's constructor calls SeaDrop, deployed by a pending transaction.
  const fees = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, gas: 4_000_000n }
  const hashes: Hex[] = []
  for (const [i, data] of deploys.entries())
    hashes.push(await wallet.sendTransaction({ data, nonce: nonce + i, ...fees }))
  const receipts = await Promise.all(
    hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 10 })),
  )
  const failed = receipts.find((r) => r.status !== "success")
  if (failed !== undefined) throw new Error(`Drop deploy transaction ${failed.transactionHash} reverted`)
  return {
    seaDrop,
    drops: terms.map((t, i) => ({
      slug: slugOf(t.name),
      name: t.name,
      contract: getContractAddress({ from: deployer.address, nonce: BigInt(nonce + 1 + i) }),
      creator,
    })),
  }
}
