/**
 * The devnet's drops as a client meets them: OpenSea's drops routes over HTTP, the mint transaction checked against
 * SeaDrop's published interface (an ABI written here from ISeaDrop.sol, not the devnet's artifact) and sent with viem
 * alone, the result read on chain, and every refusal in OpenSea's `{ errors }` shape with OpenSea's status.
 */
import {
  type Abi,
  type Address,
  createWalletClient,
  decodeErrorResult,
  decodeFunctionData,
  encodeFunctionData,
  erc721Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { describeDevnet } from "../../../devnet/describe.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea } from "./fixture.js"

/** SeaDrop v1's public-mint interface, as ProjectOpenSea/seadrop publishes it. */
const seaDropInterface = parseAbi([
  "function mintPublic(address nftContract, address feeRecipient, address minterIfNotPayer, uint256 quantity) payable",
  "function getPublicDrop(address nftContract) view returns ((uint80 mintPrice, uint48 startTime, uint48 endTime, uint16 maxTotalMintableByWallet, uint16 feeBps, bool restrictFeeRecipients))",
  "function getFeeRecipientIsAllowed(address nftContract, address feeRecipient) view returns (bool)",
  "error IncorrectPayment(uint256 got, uint256 want)",
  "error NotActive(uint256 currentTimestamp, uint256 startTimestamp, uint256 endTimestamp)",
  "error MintQuantityExceedsMaxMintedPerWallet(uint256 total, uint256 allowed)",
  "error FeeRecipientNotAllowed()",
  "error MintQuantityExceedsMaxSupply(uint256 total, uint256 maxSupply)",
])
/** The SeaDrop-minted token's minting functions (INonFungibleSeaDropToken), and DevnetERC721's own public mint. */
const dropTokenInterface = parseAbi([
  "function mintSeaDrop(address minter, uint256 quantity)",
  "function mint(address to, uint256 quantity) payable",
  "error OnlyAllowedSeaDrop()",
])
const OPENSEA_FEE_RECIPIENT: Address = "0x0000a26b00c1F0DF003000390027140000fAa719"

let devnet: Devnet
let chain: ReturnType<typeof devnetPublicClient>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
})
afterAll(async () => {
  await devnet?.stop()
})

const live = () => devnet.openSea.drops.find((d) => d.slug === "devnet-drop")!
const walletOf = (n: number) =>
  createWalletClient({
    account: devnetUser(devnet, n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: http(devnet.rpcUrls[devnet.originChainId]),
  })
const mintRoute = (slug: string, body: unknown) => openSea(devnet, "POST", `/api/v2/drops/${slug}/mint`, body)
const balance = (address: Address) => chain.getBalance({ address })

/** The revert of a call (of SeaDrop unless `abi` says otherwise), decoded with the published interface. */
async function revertOf(
  call: { account: Address; to: Address; data: Hex; value: bigint },
  abi: Abi = seaDropInterface,
) {
  const error = await chain.call(call).then(
    () => undefined,
    (e: { walk: (f: (e: unknown) => boolean) => unknown }) => e,
  )
  expect(error).toBeDefined()
  const data = (error!.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data: Hex }).data
  return decodeErrorResult({ abi, data })
}

describe("OpenSea's drops routes on the devnet", () => {
  it("lists the drops, and describes the live one as OpenSea's DropDetailedResponse, its stage read from SeaDrop", async () => {
    const list = await openSea(devnet, "GET", "/api/v2/drops")
    expect(list.status).toBe(200)
    expect(
      list.body.drops.map((d: { collection_slug: string; is_minting: boolean }) => [d.collection_slug, d.is_minting]),
    ).toEqual([
      ["devnet-drop", true],
      ["devnet-drop-soon", false],
    ])
    const upcoming = await openSea(devnet, "GET", "/api/v2/drops?type=upcoming")
    expect(upcoming.body.drops.map((d: { collection_slug: string }) => d.collection_slug)).toEqual(["devnet-drop-soon"])
    expect((await openSea(devnet, "GET", "/api/v2/drops?chains=ethereum")).body).toEqual({ drops: [] })

    const { status, body } = await openSea(devnet, "GET", "/api/v2/drops/devnet-drop")
    expect(status).toBe(200)
    const onChain = await chain.readContract({
      address: devnet.openSea.seaDrop,
      abi: seaDropInterface,
      functionName: "getPublicDrop",
      args: [live().contract],
    })
    expect(body).toMatchObject({
      collection_slug: "devnet-drop",
      chain: "devnet",
      contract_address: live().contract,
      drop_type: "seadrop_v1_erc721",
      is_minting: true,
      next_stage: null,
      total_supply: "0",
      max_supply: "10",
    })
    expect(body.stages).toEqual([body.active_stage])
    expect(body.active_stage).toMatchObject({
      stage_type: "public_sale",
      price: parseEther("0.01").toString(),
      price_currency_address: "0x0000000000000000000000000000000000000000",
      start_time: new Date(onChain.startTime * 1000).toISOString(),
      end_time: new Date(onChain.endTime * 1000).toISOString(),
      max_per_wallet: "3",
    })
    expect(onChain.restrictFeeRecipients).toBe(true)
    const allowed = await chain.readContract({
      address: devnet.openSea.seaDrop,
      abi: seaDropInterface,
      functionName: "getFeeRecipientIsAllowed",
      args: [live().contract, OPENSEA_FEE_RECIPIENT],
    })
    expect(allowed).toBe(true)
  })

  it("names SeaDrop and the drops in the devnet's info (GET /) and banner", async () => {
    const info = await fetch(devnet.apiUrl).then((r) => r.json())
    expect(info.openSea.seaDrop).toBe(devnet.openSea.seaDrop)
    expect(info.openSea.drops.map((d: { slug: string; contract: string }) => [d.slug, d.contract])).toEqual(
      devnet.openSea.drops.map((d) => [d.slug, d.contract]),
    )
    expect(describeDevnet(devnet)).toContain(`SeaDrop ${devnet.openSea.seaDrop}  drops devnet-drop ${live().contract}`)
  })

  it("names the drop's collection from its contract, as the book will look it up", async () => {
    const { status, body } = await openSea(devnet, "GET", `/api/v2/chain/devnet/contract/${live().contract}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ collection: "devnet-drop", contract_standard: "erc721" })
  })

  it("answers a mintPublic on SeaDrop that mints to the minter and splits the price between OpenSea and the creator", async () => {
    const wallet = walletOf(1)
    const minter = wallet.account.address
    const { status, body } = await mintRoute("devnet-drop", { minter, quantity: 2 })
    expect(status).toBe(200)
    expect(body).toEqual({
      to: devnet.openSea.seaDrop,
      data: expect.any(String),
      value: "0x470de4df820000",
      chain: "devnet",
    })
    const call = decodeFunctionData({ abi: seaDropInterface, data: body.data })
    expect(call).toEqual({ functionName: "mintPublic", args: [live().contract, OPENSEA_FEE_RECIPIENT, minter, 2n] })

    const [feeBefore, creatorBefore] = await Promise.all([balance(OPENSEA_FEE_RECIPIENT), balance(live().creator)])
    const hash = await wallet.sendTransaction({ to: body.to, data: body.data, value: BigInt(body.value) })
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success")
    const owner = (id: bigint) =>
      chain.readContract({ address: live().contract, abi: erc721Abi, functionName: "ownerOf", args: [id] })
    expect([await owner(1n), await owner(2n)]).toEqual([minter, minter])
    expect((await balance(OPENSEA_FEE_RECIPIENT)) - feeBefore).toBe(parseEther("0.002"))
    expect((await balance(live().creator)) - creatorBefore).toBe(parseEther("0.018"))
    expect((await openSea(devnet, "GET", "/api/v2/drops/devnet-drop")).body.total_supply).toBe("2")
    const nft = await openSea(devnet, "GET", `/api/v2/chain/devnet/contract/${live().contract}/nfts/2`)
    expect(nft.status).toBe(200)
    expect(nft.body.nft).toMatchObject({
      identifier: "2",
      collection: "devnet-drop",
      owners: [{ address: minter, quantity: 1 }],
    })
  })

  it("a mint transaction sent with another value reverts with SeaDrop's IncorrectPayment", async () => {
    const minter = devnetUser(devnet, 2).account.address
    const { body } = await mintRoute("devnet-drop", { minter, quantity: 1 })
    const price = BigInt(body.value)
    for (const value of [price - 1n, price + 1n, 0n]) {
      const error = await revertOf({ account: minter, to: body.to, data: body.data, value })
      expect(error).toEqual({ abiItem: expect.anything(), errorName: "IncorrectPayment", args: [value, price] })
    }
  })

  it("refuses as OpenSea does: 400 bad request, 404 unknown drop, 409 not minting, 422 supply, limit and balance", async () => {
    const minter = devnetUser(devnet, 1).account.address
    const broke = privateKeyToAccount(generatePrivateKey()).address
    const cases: ReadonlyArray<[string, unknown, number, RegExp]> = [
      ["devnet-drop", { minter: "0x12", quantity: 1 }, 400, /minter/],
      ["devnet-drop", { minter, quantity: 0 }, 400, /quantity/],
      ["devnet-drop", { minter, quantity: 101 }, 400, /quantity/],
      ["devnet-drop", { minter }, 400, /quantity/],
      ["no-such-drop", { minter, quantity: 1 }, 404, /not found/],
      ["devnet-drop-soon", { minter, quantity: 1 }, 409, /not minting/],
      ["devnet-drop", { minter, quantity: 11 }, 422, /supply/],
      // User 1 minted 2 of its 3 above.
      ["devnet-drop", { minter, quantity: 2 }, 422, /limit of 3 per wallet/],
      ["devnet-drop", { minter: broke, quantity: 1 }, 422, /Insufficient balance/],
    ]
    for (const [slug, body, status, message] of cases) {
      const answer = await mintRoute(slug, body)
      expect([slug, body, answer.status]).toEqual([slug, body, status])
      expect(answer.body).toEqual({ errors: [expect.stringMatching(message)] })
    }
    expect((await openSea(devnet, "GET", "/api/v2/drops/no-such-drop")).status).toBe(404)
  })

  it("the chain refuses what the route refuses: a mint over the wallet's limit or before the stage reverts", async () => {
    const minter = devnetUser(devnet, 1).account.address
    const { body } = await mintRoute("devnet-drop", { minter, quantity: 1 })
    const data = body.data.replace(/1$/, "2") as Hex
    const over = await revertOf({ account: minter, to: body.to, data, value: BigInt(body.value) * 2n })
    expect(over.errorName).toBe("MintQuantityExceedsMaxMintedPerWallet")
    const soon = devnet.openSea.drops.find((d) => d.slug === "devnet-drop-soon")!
    const early = body.data.replace(live().contract.slice(2).toLowerCase(), soon.contract.slice(2).toLowerCase()) as Hex
    expect((await revertOf({ account: minter, to: body.to, data: early, value: BigInt(body.value) })).errorName).toBe(
      "NotActive",
    )
  })

  it("the chain holds without the route: another fee recipient, a direct mint and a mint past the supply revert", async () => {
    const minter = devnetUser(devnet, 2).account.address
    const { body } = await mintRoute("devnet-drop", { minter, quantity: 1 })
    const value = BigInt(body.value)
    const stranger = encodeFunctionData({
      abi: seaDropInterface,
      functionName: "mintPublic",
      args: [live().contract, minter, minter, 1n],
    })
    expect((await revertOf({ account: minter, to: body.to, data: stranger, value })).errorName).toBe(
      "FeeRecipientNotAllowed",
    )
    const direct = encodeFunctionData({ abi: dropTokenInterface, functionName: "mintSeaDrop", args: [minter, 1n] })
    const notSeaDrop = await revertOf(
      { account: minter, to: live().contract, data: direct, value: 0n },
      dropTokenInterface,
    )
    expect(notSeaDrop.errorName).toBe("OnlyAllowedSeaDrop")
    const publicMint = encodeFunctionData({ abi: dropTokenInterface, functionName: "mint", args: [minter, 1n] })
    await expect(chain.call({ account: minter, to: live().contract, data: publicMint })).rejects.toThrow(
      /max per wallet/,
    )

    // User 1 holds 2 of the 10; users 2 and 3 mint 3 each, leaving 2: user 4 may not mint 3.
    for (const n of [2, 3]) {
      const mint = await mintRoute("devnet-drop", { minter: devnetUser(devnet, n).account.address, quantity: 3 })
      const hash = await walletOf(n).sendTransaction({
        to: mint.body.to,
        data: mint.body.data,
        value: BigInt(mint.body.value),
      })
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success")
    }
    const user4 = devnetUser(devnet, 4).account.address
    const over = await mintRoute("devnet-drop", { minter: user4, quantity: 3 })
    expect(over).toMatchObject({
      status: 422,
      body: { errors: [expect.stringMatching(/supply of devnet-drop: 8 of 10/)] },
    })
    const two = await mintRoute("devnet-drop", { minter: user4, quantity: 2 })
    expect(two.status).toBe(200)
    const args = [live().contract, OPENSEA_FEE_RECIPIENT, user4] as const
    expect(decodeFunctionData({ abi: seaDropInterface, data: two.body.data }).args).toEqual([...args, 2n])
    const data = encodeFunctionData({ abi: seaDropInterface, functionName: "mintPublic", args: [...args, 3n] })
    const error = await revertOf({ account: user4, to: two.body.to, data, value: parseEther("0.03") })
    expect(error).toMatchObject({ errorName: "MintQuantityExceedsMaxSupply", args: [11n, 10n] })
  })

  it("requires the API key, as every OpenSea route does", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/drops"],
      ["GET", "/api/v2/drops/devnet-drop"],
      ["POST", "/api/v2/drops/devnet-drop/mint"],
    ] as const) {
      const answer = await openSea(devnet, method, path, method === "POST" ? { quantity: 1 } : undefined, null)
      expect(answer).toMatchObject({ status: 401, body: { errors: ["Invalid or missing API key (x-api-key)"] } })
    }
  })
})
