/**
 * Issue 29 item 4, seen in the playground (Chromium): with the OpenSea API picked, the page shows OpenSea's book
 * beside the wallet, several OpenSea listings ticked in the Buy panel are bought in ONE transaction (a Seaport sweep),
 * and several tokens ticked in the List panel are listed on OpenSea under ONE signature (a bulk listing).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { type Address, createPublicClient, erc721Abi, type Hex, http, type PublicClient, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, devnetUser, startDevnet } from "../../devnet/index.js"
import { listForSweep, type SweepListing } from "../../devnet/opensea/sweepListings.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { findChromium } from "./findChromium.js"
import { runPanel } from "./playgroundPage.js"

let devnet: Devnet
let playground: PlaygroundServer
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
let origin: PublicClient
let listings: ReadonlyArray<SweepListing>
/** The bodies the page posted to OpenSea's listing route (through its proxy). */
const listingPosts: Array<{ parameters: { offerer: Address }; signature: Hex }> = []

const ownerOf = (id: bigint) =>
  origin.readContract({ address: devnet.contracts.origin.punks, abi: erc721Abi, functionName: "ownerOf", args: [id] })
const nonceOf = (address: Address) => origin.getTransactionCount({ address, blockTag: "latest" })

/** Waits for OpenSea's book as read after the latest read of the market. */
const bookRead = async () => {
  const wallet = page.locator("[data-testid=wallet][data-loading=false]")
  await wallet.waitFor({ timeout: 15_000 })
  const market = await wallet.getAttribute("data-refreshed-at")
  await page
    .locator(`[data-testid=opensea-book][data-loading=false][data-read-for="${market}"]`)
    .waitFor({ timeout: 30_000 })
}

describe("OpenSea's book, sweep and bulk listing in the playground, in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    // Three fresh punks of user 3, each listed on the devnet's OpenSea for 0.05 ETH.
    listings = await listForSweep(devnet, devnetUser(devnet, 3), 3, parseEther("0.05"))
    playground = await servePlayground({ devnet, log: false })
    origin = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("request", (request) => {
      if (
        request.method() === "POST" &&
        /\/api\/opensea\/api\/v2\/orders\/[^/]+\/seaport\/listings$/.test(request.url())
      ) {
        listingPosts.push(JSON.parse(request.postData() ?? "{}"))
      }
    })
    await page.goto(playground.url)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
  }, 180_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await playground?.stop()
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  it("shows OpenSea's listings and offers beside the wallet, read through the page's proxy", async () => {
    // The book is read and shown only while the page trades on OpenSea.
    expect(await page.locator("[data-testid=opensea-book]").count()).toBe(0)
    await page.selectOption("[data-testid=api-select]", "opensea")
    await bookRead()
    const listed = await page
      .locator("[data-testid=opensea-listings] [data-testid=opensea-order]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-token-id")))
    // The seed's four listings (user 3: #13, #14; user 4: #18, #19) and the three made for the sweep.
    expect(listed).toEqual(
      expect.arrayContaining(["13", "14", "18", "19", ...listings.map((l) => l.tokenId.toString())]),
    )
    await page.click("[data-testid=opensea-tab-offers]")
    const offers = page.locator("[data-testid=opensea-offers] [data-testid=opensea-order]")
    // The seed's item offers on #15 and #20 and user 2's offer on any Devnet Punk.
    await expect
      .poll(() => offers.evaluateAll((rows) => rows.map((row) => row.textContent ?? "")))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining("#15"),
          expect.stringContaining("#20"),
          expect.stringContaining("any token"),
        ]),
      )
    await page.click("[data-testid=opensea-tab-listings]")
  })

  it("buys three OpenSea listings ticked at once: the buyer owns the three, and its wallet sent exactly one transaction", async () => {
    const buyer = devnetUser(devnet, 5).address
    await page.selectOption("[data-testid=account-select]", buyer)
    await page.selectOption("[data-testid=api-select]", "opensea")
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor()
    await bookRead()
    await page.click("[data-testid=tab-buy]")
    for (const listing of listings) {
      await page.check(`[data-testid=panel-buy] input[name=opensea-listing][value="${listing.orderHash}"]`)
    }
    expect(await page.locator("[data-testid=panel-buy] [data-testid=submit]").textContent()).toBe("Buy 3 at once")
    for (const listing of listings) expect(await ownerOf(listing.tokenId)).toBe(devnetUser(devnet, 3).address)
    const before = await nonceOf(buyer)

    await runPanel(page, "buy")

    for (const listing of listings) expect(await ownerOf(listing.tokenId)).toBe(buyer)
    expect((await nonceOf(buyer)) - before).toBe(1)
    expect(await page.locator("[data-testid=panel-buy] [data-testid=tx-count]").textContent()).toBe("1 tx")
    // The book, read again, no longer holds them.
    await bookRead()
    const left = await page
      .locator("[data-testid=opensea-listings] [data-testid=opensea-order]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-order-hash")))
    for (const listing of listings) expect(left).not.toContain(listing.orderHash)
  })

  it("lists two tokens ticked at once on OpenSea under one signature: one signature item, two listings posted with it", async () => {
    const seller = devnetUser(devnet, 5).address
    const [first, second] = listings.map((l) => l.tokenId)
    await page.click("[data-testid=tab-list]")
    await page.check(`[data-testid=panel-list] input[name=tokens][value="${devnet.contracts.origin.punks}:${first}"]`)
    await page.check(`[data-testid=panel-list] input[name=tokens][value="${devnet.contracts.origin.punks}:${second}"]`)
    await page.fill("[data-testid=panel-list] input[name=price]", "0.3")
    expect(await page.locator("[data-testid=panel-list] [data-testid=submit]").textContent()).toBe("List 2 tokens")

    const panel = await runPanel(page, "list")
    // The form is cleared: the next listing cannot silently list these tokens again.
    expect(await page.locator("[data-testid=panel-list] input[name=tokens]:checked").count()).toBe(0)

    const signature = panel.locator("[data-testid=step][data-step-id=order-signature]")
    await expect(signature.locator("[data-testid=step-item]").count()).resolves.toBe(1)
    // Two posts, each the one bulk signature (64-65 bytes, then its key and proof), of the same ECDSA signature.
    const mine = listingPosts.filter((post) => post.parameters.offerer.toLowerCase() === seller.toLowerCase())
    expect(mine).toHaveLength(2)
    const signed = mine.map((post) => post.signature)
    expect(signed.every((s) => (s.length - 2) / 2 > 65)).toBe(true)
    expect(signed[0]!.slice(0, 130)).toBe(signed[1]!.slice(0, 130))
    // OpenSea's book holds both, by the seller, and the page shows them as the wallet's.
    for (const id of [first, second]) {
      const best = await fetch(`${devnet.openSea.apiBaseUrl}/api/v2/listings/collection/devnet-punks/nfts/${id}/best`, {
        headers: { "x-api-key": devnet.openSea.apiKey },
      })
      expect(best.status).toBe(200)
      expect(
        (
          (await best.json()) as { protocol_data: { parameters: { offerer: string } } }
        ).protocol_data.parameters.offerer.toLowerCase(),
      ).toBe(seller.toLowerCase())
    }
    await bookRead()
    for (const id of [first, second]) {
      await expect(
        page
          .locator(`[data-testid=opensea-listings] [data-testid=opensea-order][data-token-id="${id}"]`, {
            hasText: "yours",
          })
          .count(),
      ).resolves.toBe(1)
    }
  })

  it("places a trait offer on OpenSea: the best offer of a token with the trait, not of one without, and shown with its trait", async () => {
    const bidder = devnetUser(devnet, 1).address
    const osGet = async (path: string) => {
      const response = await fetch(`${devnet.openSea.apiBaseUrl}${path}`, {
        headers: { "x-api-key": devnet.openSea.apiKey },
      })
      return { status: response.status, body: (await response.json()) as Record<string, any> }
    }
    await page.selectOption("[data-testid=account-select]", bidder)
    await page.selectOption("[data-testid=api-select]", "opensea")
    await bookRead()
    await page.click("[data-testid=tab-bid]")
    // No token-set offers on OpenSea: the panel does not offer one.
    expect(
      await page
        .locator("[data-testid=panel-bid] input[name=bidType]")
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(["token", "collection", "trait"])
    await page.click("[data-testid=panel-bid] .segmented label:has(input[value=trait])")
    const trait = await page
      .locator("[data-testid=panel-bid] select[name=trait] option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== ""))
    const [type, value] = trait!.split("=") as [string, string]
    await page.selectOption("[data-testid=panel-bid] select[name=trait]", trait!)
    await page.fill("[data-testid=panel-bid] input[name=price]", "0.5")

    await runPanel(page, "bid")

    const traits = encodeURIComponent(JSON.stringify([{ traitType: type, value }]))
    const withTrait = (await osGet(`/api/v2/collection/devnet-punks/nfts?traits=${traits}&limit=200`)).body
      .nfts as ReadonlyArray<{
      identifier: string
    }>
    const all = (await osGet("/api/v2/collection/devnet-punks/nfts?limit=200")).body.nfts as ReadonlyArray<{
      identifier: string
    }>
    const without = all.find((nft) => !withTrait.some((t) => t.identifier === nft.identifier))
    expect(withTrait.length).toBeGreaterThan(0)
    expect(without).toBeDefined()
    const best = await osGet(`/api/v2/offers/collection/devnet-punks/nfts/${withTrait[0]!.identifier}/best`)
    expect(best.body.protocol_data.parameters.offerer.toLowerCase()).toBe(bidder.toLowerCase())
    expect(best.body.criteria.traits).toEqual([{ type, value }])
    const other = await osGet(`/api/v2/offers/collection/devnet-punks/nfts/${without!.identifier}/best`)
    expect(other.body.order_hash).not.toBe(best.body.order_hash)
    await bookRead()
    await page.click("[data-testid=opensea-tab-offers]")
    const row = page.locator(
      `[data-testid=opensea-offers] [data-testid=opensea-order][data-order-hash="${best.body.order_hash}"]`,
    )
    expect(await row.textContent()).toContain(`${type}: ${value}`)
  })

  it("opened at ?api=opensea, the page trades on OpenSea with the served config (the value is the switch, not an API URL)", async () => {
    await page.goto(`${playground.url}?api=opensea`)
    await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
    expect(await page.locator("[data-testid=api-select]").inputValue()).toBe("opensea")
    await bookRead()
    expect(await page.locator("[data-testid=opensea-listings] [data-testid=opensea-order]").count()).toBeGreaterThan(0)
  })
})
