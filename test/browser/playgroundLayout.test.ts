/**
 * Issue 33, the playground's frame and forms (Chromium): a layout that holds from 390 px to wide screens, OpenSea
 * read only while the page trades on it, a header that names the book traded on, and input checked where it is
 * typed, so that nothing invalid reaches an API. Screenshots of each width go to `TRADEKIT_SCREENSHOTS` when set.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, devnetUser, startDevnet } from "../../devnet/index.js"
import { type PlaygroundServer, servePlayground } from "../../playground/serve.js"
import { findChromium } from "./findChromium.js"

let devnet: Devnet
let playground: PlaygroundServer
let context: BrowserContext
let browser: Browser | undefined
let page: Page
let userDataDir: string
/** The URLs the page asked of OpenSea (through its proxy). */
const openSeaRequests: Array<string> = []
/** The bodies the page posted to the Reservoir API's order routes. */
const orderPosts: Array<string> = []

/** Opens the page at `query` and waits until its market and (in OpenSea mode) its book are read. */
const open = async (query: string) => {
  await page.goto(`${playground.url}${query}`)
  await page.locator("[data-testid=api-status]", { hasText: "API ready" }).waitFor({ timeout: 30_000 })
  await page.locator("[data-testid=wallet][data-loading=false]").waitFor({ timeout: 15_000 })
}

/** What overflows the viewport sideways, and where the header's parts end up. */
const frame = () =>
  page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const header = [...document.querySelectorAll(".topbar > *")].map((el) => el.getBoundingClientRect())
    return {
      overflow: document.documentElement.scrollWidth - viewport,
      headerOutside: header.filter((r) => r.right > viewport + 0.5 || r.left < -0.5).length,
    }
  })

describe("the playground's layout and forms, in Chromium", () => {
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "tradekit-chromium-"))
    devnet = await startDevnet()
    playground = await servePlayground({ devnet, log: false })
    const launch = await findChromium()
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: launch.executablePath,
      args: [...launch.args],
    })
    browser = context.browser() ?? undefined
    page = context.pages()[0] ?? (await context.newPage())
    page.on("request", (request) => {
      if (request.url().includes("/api/opensea/")) openSeaRequests.push(request.url())
      if (request.method() === "POST" && /\/execute\/(list|bid)\//.test(request.url()))
        orderPosts.push(request.postData() ?? "")
    })
  }, 180_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await playground?.stop()
    await devnet?.stop()
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
  })

  for (const width of [390, 1024, 1440]) {
    it(`at ${width} px, nothing scrolls sideways and the whole header is on screen, in both modes`, async () => {
      await page.setViewportSize({ width, height: 900 })
      for (const query of ["", "?api=opensea"]) {
        await open(query)
        expect(await frame()).toEqual({ overflow: 0, headerOutside: 0 })
        const dir = process.env.TRADEKIT_SCREENSHOTS
        if (dir)
          await page.screenshot({
            path: join(dir, `playground-${width}${query ? "-opensea" : ""}.png`),
            fullPage: true,
          })
      }
    })
  }

  it("in Reservoir mode reads nothing of OpenSea's, and names the Reservoir API in the header", async () => {
    // Off the previous page first: its last reads must not count as this page's.
    await page.goto("about:blank")
    openSeaRequests.length = 0
    await open("")
    // The market read again after an action: still nothing asked of OpenSea.
    await page.click("[data-testid=refresh-wallet]")
    await page.locator("[data-testid=wallet][data-loading=false]").waitFor()
    expect(openSeaRequests).toEqual([])
    expect(await page.locator("[data-testid=opensea-book]").count()).toBe(0)
    expect(await page.locator("[data-testid=book-name]").textContent()).toBe(devnet.chains[0]!.baseApiUrl)
  })

  it("in OpenSea mode names OpenSea's book in the header and offers only the actions it plans", async () => {
    await open("?api=opensea")
    expect(await page.locator("[data-testid=book-name]").textContent()).toMatch(/^OpenSea book · /)
    const tabs = await page
      .locator("[data-testid=action-tabs] button")
      .evaluateAll((b) => b.map((x) => x.getAttribute("data-testid")))
    expect(tabs).toEqual(["tab-buy", "tab-sell", "tab-list", "tab-bid", "tab-cancel", "tab-transfer", "tab-mint"])
  })

  it("with OpenSea answering 429 past 8 listing reads a second, the book still reads every listing: each 429 waited out", async () => {
    const pattern = "/api/v2/listings/*"
    const before = devnet.faults.stats()["rate-limited"]
    devnet.faults.setEndpoint(pattern, { rateLimit: { limit: 8, windowMs: 1_000, retryAfterSeconds: 1 } })
    try {
      await open("?api=opensea")
      await page
        .locator("[data-testid=opensea-book][data-loading=false]:not([data-read-for='0'])")
        .waitFor({ timeout: 30_000 })
      expect(devnet.faults.stats()["rate-limited"]).toBeGreaterThan(before)
      expect(await page.locator("[data-testid=opensea-book] .item-error").count()).toBe(0)
      const listed = await page
        .locator("[data-testid=opensea-listings] [data-testid=opensea-order]")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-token-id")))
      // The seed's four OpenSea listings (user 3: #13, #14; user 4: #18, #19).
      expect(listed).toEqual(expect.arrayContaining(["13", "14", "18", "19"]))
    } finally {
      devnet.faults.setEndpoint(pattern, undefined)
    }
  })

  it("refuses a price of -1 or abc where it is typed, saying why, and posts nothing", async () => {
    await open(`?account=${devnetUser(devnet, 3).address}`)
    await page.click("[data-testid=tab-list]")
    const panel = page.locator("[data-testid=panel-list]")
    const firstToken = await panel.locator("select[name=token] option").nth(1).getAttribute("value")
    await panel.locator("select[name=token]").selectOption(firstToken!)
    for (const [typed, message] of [
      ["-1", "The price must be more than 0."],
      ["abc", "The price must be a number, like 0.5 (not “abc”)."],
      ["0", "The price must be more than 0."],
    ] as const) {
      await panel.locator("input[name=price]").fill(typed)
      expect(await panel.locator("[data-testid=field-error]").textContent()).toBe(message)
      expect(await panel.locator("[data-testid=submit]").isDisabled()).toBe(true)
      await panel.locator("form").evaluate((form) => (form as HTMLFormElement).requestSubmit())
    }
    expect(await panel.getAttribute("data-status")).toBe("idle")
    expect(orderPosts).toEqual([])
  })

  it("refuses a mint quantity of -2: no negative total, the button disabled", async () => {
    await open(`?account=${devnetUser(devnet, 5).address}`)
    await page.click("[data-testid=tab-mint]")
    const panel = page.locator("[data-testid=panel-mint]")
    const collection = await panel.locator("select[name=collection] option").nth(1).getAttribute("value")
    await panel.locator("select[name=collection]").selectOption(collection!)
    await panel.locator("input[name=quantity]").fill("-2")
    expect(await panel.locator("[data-testid=field-error]").textContent()).toBe("The quantity must be at least 1.")
    expect(await panel.textContent()).not.toMatch(/Total\s*[-−]/)
    expect(await panel.locator("[data-testid=submit]").isDisabled()).toBe(true)
  })
})
