/**
 * OpenSea's drops routes on the devnet, in the shapes of OpenSea's published spec (`DropPaginatedResponse`,
 * `DropDetailedResponse`, `DropMintRequest` → `DropMintResponse`): the drops' stages are read from SeaDrop on chain, and
 * the mint route answers a `mintPublic` call on the devnet's SeaDrop paying OpenSea's fee recipient, or refuses as
 * OpenSea does: 400 bad request, 404 unknown drop, 409 not minting now, 422 over the supply, over the wallet's limit or
 * beyond the minter's balance, each `{ errors: [message] }`.
 */
import { type Address, encodeFunctionData, type PublicClient, toHex, zeroAddress } from "viem"
import { dropERC721Abi, seaDropAbi } from "../artifacts/index.js"
import type { Route } from "../server/http.js"
import { OPENSEA_FEE_RECIPIENT } from "./collections.js"
import type { DevnetDrop, DropsDeployment } from "./drops.js"
import { OpenSeaError } from "./market.js"
import { route } from "./routes.js"
import { readAddress, WireError } from "./seaport.js"

/** A drop's public stage as SeaDrop has it. */
interface Stage {
  readonly mintPrice: bigint
  readonly startTime: number
  readonly endTime: number
  readonly maxTotalMintableByWallet: number
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString()

/** The spec's `DropStageResponse` of a public stage. */
const stageJson = (drop: DevnetDrop, stage: Stage) => ({
  uuid: `${drop.slug}-public`,
  stage_type: "public_sale",
  label: "Public sale",
  price: stage.mintPrice.toString(),
  price_currency_address: zeroAddress,
  start_time: iso(stage.startTime),
  end_time: iso(stage.endTime),
  max_per_wallet: stage.maxTotalMintableByWallet.toString(),
})

/** The spec's `quantity`: an integer from 1 to 100, as a JSON number. */
const quantityOf = (value: unknown): bigint => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 100)
    throw new WireError("quantity must be an integer from 1 to 100")
  return BigInt(value)
}

/** The drops routes, reading `deployment` on chain through `client`, behind `apiKey`. */
export function dropRoutes(
  deployment: DropsDeployment,
  client: PublicClient,
  chainName: string,
  apiKey: string,
): ReadonlyArray<Route> {
  const { seaDrop } = deployment
  const dropOf = (slug: string): DevnetDrop => {
    const drop = deployment.drops.find((d) => d.slug === slug)
    if (drop === undefined) throw new OpenSeaError(404, `Drop ${slug} not found`)
    return drop
  }
  const stageOf = (drop: DevnetDrop): Promise<Stage> =>
    client.readContract({ address: seaDrop, abi: seaDropAbi, functionName: "getPublicDrop", args: [drop.contract] })
  const statsOf = (drop: DevnetDrop, minter: Address) =>
    client.readContract({ address: drop.contract, abi: dropERC721Abi, functionName: "getMintStats", args: [minter] })
  const now = async () => Number((await client.getBlock()).timestamp)

  /** The spec's `DropResponse` (and, with the supply, `DropDetailedResponse`). */
  const summary = async (drop: DevnetDrop) => {
    const [stage, time] = await Promise.all([stageOf(drop), now()])
    const minting = stage.startTime <= time && time <= stage.endTime
    return {
      stage,
      time,
      json: {
        collection_slug: drop.slug,
        collection_name: drop.name,
        chain: chainName,
        contract_address: drop.contract,
        drop_type: "seadrop_v1_erc721",
        is_minting: minting,
        image_url: "",
        opensea_url: `https://opensea.io/collection/${drop.slug}/overview`,
        active_stage: minting ? stageJson(drop, stage) : null,
        next_stage: !minting && time < stage.startTime ? stageJson(drop, stage) : null,
      },
    }
  }

  const mint = async (req: Parameters<Route["handler"]>[1]) => {
    const drop = dropOf(req.params.slug!)
    const body = req.body
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new WireError("body must be an object")
    const { minter: rawMinter, quantity: rawQuantity } = body as Record<string, unknown>
    const minter = readAddress(rawMinter, "minter")
    const quantity = quantityOf(rawQuantity)
    const { stage, time } = await summary(drop)
    if (time < stage.startTime || time > stage.endTime)
      throw new OpenSeaError(
        409,
        `Drop ${drop.slug} is not minting: its public stage runs from ${iso(stage.startTime)} to ${iso(stage.endTime)}`,
      )
    const [minted, supply, maxSupply] = await statsOf(drop, minter)
    if (supply + quantity > maxSupply)
      throw new OpenSeaError(
        422,
        `Minting ${quantity} would exceed the supply of ${drop.slug}: ${supply} of ${maxSupply} minted`,
      )
    const limit = BigInt(stage.maxTotalMintableByWallet)
    if (minted + quantity > limit)
      throw new OpenSeaError(
        422,
        `Minting ${quantity} would exceed the limit of ${limit} per wallet: ${minter} has minted ${minted}`,
      )
    const value = stage.mintPrice * quantity
    const balance = await client.getBalance({ address: minter })
    if (balance < value)
      throw new OpenSeaError(422, `Insufficient balance: ${minter} holds ${balance} wei, the mint costs ${value} wei`)
    return {
      to: seaDrop,
      data: encodeFunctionData({
        abi: seaDropAbi,
        functionName: "mintPublic",
        args: [drop.contract, OPENSEA_FEE_RECIPIENT, minter, quantity],
      }),
      value: toHex(value),
      chain: chainName,
    }
  }

  return [
    route("GET", "/api/v2/drops", apiKey, async (req) => {
      const type = req.query.get("type") ?? "featured"
      if (!["featured", "upcoming", "recently_minted"].includes(type))
        throw new WireError(`type must be featured, upcoming or recently_minted, not ${JSON.stringify(type)}`)
      const limit = req.query.get("limit") === null ? 20 : Number(req.query.get("limit"))
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw new WireError("limit must be an integer from 1 to 100")
      const chains = req.query.get("chains")
      const onChain = chains === null || chains.split(",").includes(chainName)
      const drops = onChain ? await Promise.all(deployment.drops.map(summary)) : []
      const chosen = drops.filter((d) => type !== "upcoming" || d.time < d.stage.startTime)
      return { drops: chosen.slice(0, limit).map((d) => d.json) }
    }),
    route("GET", "/api/v2/drops/:slug", apiKey, async (req) => {
      const drop = dropOf(req.params.slug!)
      const [{ stage, json }, [, supply, maxSupply]] = await Promise.all([summary(drop), statsOf(drop, zeroAddress)])
      return {
        ...json,
        stages: [stageJson(drop, stage)],
        total_supply: supply.toString(),
        max_supply: maxSupply.toString(),
      }
    }),
    route("POST", "/api/v2/drops/:slug/mint", apiKey, mint),
  ]
}
