/**
 * A running devnet can be found without port flags: its API root answers what it is (URLs, contracts, accounts),
 * and the CLI writes the same JSON to node_modules/.cache/tradekit-devnet/devnet.json while it runs.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { type AddressInfo, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { createWalletClient, http, zeroAddress } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rpc } from "../../../devnet/chain/anvil.js"
import { type Devnet, devnetInfoPath, startDevnet } from "../../../devnet/index.js"
import { readEndpoints } from "../../../devnet/info.js"
import type { DevnetInventory } from "../../../devnet/server/inventory.js"
import { createClient } from "../../../src/client.js"

const getJson = async (url: string) => {
  const response = await fetch(url)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

describe("GET / on the devnet API", () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ seed: false })
  })
  afterAll(async () => {
    await devnet?.stop()
  })
  const root = () => devnet.apiUrl.replace(/\/chains\/\d+$/, "/")

  it("describes the running devnet from the origin chain: URLs of every chain, contracts, accounts", async () => {
    const { origin, destination } = devnet.contracts
    const chain = (id: number, name: string, active: boolean, tokens: ReadonlyArray<readonly [string, string]>) => ({
      id,
      baseApiUrl: devnet.apiUrls[id],
      websocketUrl: devnet.websocketUrls[id],
      chainId: id,
      name,
      active,
      apiUrl: devnet.apiUrls[id],
      rpcUrl: devnet.rpcUrls[id],
      wsUrl: devnet.websocketUrls[id],
      paymasterUrl: devnet.paymasterUrls[id],
      checkPollingInterval: 250,
      paymentTokens: tokens.map(([address, symbol]) => expect.objectContaining({ chainId: id, address, symbol })),
    })

    const answer = await getJson(root())

    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      name: "tradekit-devnet",
      chainId: 31337,
      rpcUrl: devnet.rpcUrls[31337],
      apiUrl: devnet.apiUrl,
      wsUrl: devnet.websocketUrls[31337],
      originChainId: 31337,
      destinationChainId: 31338,
      chains: [
        chain(31337, "Devnet Origin", true, [
          [zeroAddress, "ETH"],
          [origin.weth, "WETH"],
          [origin.usdc, "USDC"],
        ]),
        chain(31338, "Devnet Destination", false, [
          [zeroAddress, "ETH"],
          [destination.weth, "WETH"],
        ]),
      ],
      inventory: { listings: [], bids: [], tokens: [] },
      endpoints: [...readEndpoints],
      contracts: JSON.parse(JSON.stringify(devnet.contracts, (_k, v) => (typeof v === "bigint" ? v.toString() : v))),
      accounts: {
        users: devnet.accounts.users.map((u) => ({ address: u.address, privateKey: u.privateKey })),
        usdcOnlyUser: {
          address: devnet.accounts.usdcOnlyUser.address,
          privateKey: devnet.accounts.usdcOnlyUser.privateKey,
        },
        sponsor: devnet.accounts.sponsor.address,
        deployer: devnet.accounts.deployer.address,
        operator: devnet.accounts.operator.address,
        solver: devnet.accounts.solver.address,
      },
      openSea: devnet.openSea,
      relay: devnet.relay,
      pid: process.pid,
    })
  })

  it("answers the same at the origin's base URL, and from the destination's base URL for that chain", async () => {
    const fromRoot = (await getJson(root())).body
    expect((await getJson(devnet.apiUrl)).body).toEqual(fromRoot)

    const fromDestination = await getJson(`${devnet.apiUrls[31338]}/`)
    expect(fromDestination.body).toEqual({
      ...fromRoot,
      chainId: 31338,
      rpcUrl: devnet.rpcUrls[31338],
      apiUrl: devnet.apiUrls[31338],
      wsUrl: devnet.websocketUrls[31338],
    })
  })

  it("hands out URLs that work, and is not counted as an API request", async () => {
    devnet.requests.clear()
    const { body } = await getJson(root())
    expect(Number(await rpc(body.rpcUrl, "eth_chainId"))).toBe(31337)
    expect((await fetch(`${body.apiUrl}/collections/v7`)).status).toBe(200)
    expect(devnet.requests.counts()).toEqual({ "GET /collections/v7": 1 })
  })
})

describe("GET / on a seeded devnet, as an app author uses it", () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet()
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  it("lists the seeded listings and bids with what a buy needs, and who owns each listed token", async () => {
    const { body } = await getJson(devnet.apiUrl)
    const { listings, bids, tokens } = body.inventory as DevnetInventory
    expect(listings.length).toBeGreaterThan(0)
    expect(bids.length).toBeGreaterThan(0)
    for (const listing of listings) {
      expect(listing).toMatchObject({
        contract: expect.stringMatching(/^0x/),
        tokenId: expect.any(String),
        price: expect.stringMatching(/^\d+$/),
      })
      const token = tokens.find((t) => t.contract === listing.contract && t.tokenId === listing.tokenId)
      expect(token?.owners.map((o) => o.owner)).toContain(listing.maker)
    }
    expect(listings.some((l) => l.currency === zeroAddress && l.currencySymbol === "ETH")).toBe(true)
  })

  it("gives chains that createClient takes as they are: a precheck of a listed token's buy finds its order", async () => {
    const { body } = await getJson(devnet.apiUrl)
    const listing = (body.inventory as DevnetInventory).listings.find((l) => l.currency === zeroAddress)!
    const buyer = devnet.accounts.users.find((u) => u.address !== listing.maker)!
    const client = createClient({ chains: body.chains })
    const wallet = createWalletClient({ account: privateKeyToAccount(buyer.privateKey), transport: http(body.rpcUrl) })
    const answer = await client.actions.buyToken({
      items: [{ token: `${listing.contract}:${listing.tokenId}`, quantity: 1 }],
      wallet,
      precheck: true,
    })
    expect(answer).toMatchObject({ path: [expect.objectContaining({ orderId: listing.orderId })] })
  })
})

describe("the devnet CLI's well-known file", () => {
  const repo = fileURLToPath(new URL("../../../", import.meta.url))
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href
  const children: ChildProcess[] = []
  const dirs: string[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  /** Runs the CLI's source in a fresh directory; resolves with the child, its output so far, and its exit. */
  const cli = (args: ReadonlyArray<string>) => {
    const cwd = mkdtempSync(join(tmpdir(), "tradekit-devnet-"))
    dirs.push(cwd)
    const { TRADEKIT_ANVIL: _inherited, ...env } = process.env
    const child = spawn(process.execPath, ["--import", tsx, join(repo, "devnet/cli.ts"), ...args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    children.push(child)
    let stdout = ""
    let stderr = ""
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const printed = async (text: string) => {
      while (!stdout.includes(text)) {
        if (child.exitCode !== null)
          throw new Error(`exited with ${child.exitCode} before printing ${JSON.stringify(text)}:\n${stdout}${stderr}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    return { cwd, child, exited, printed, stdout: () => stdout, stderr: () => stderr }
  }

  it("holds the root's answer while the devnet runs, and is gone once it stopped", { timeout: 60_000 }, async () => {
    const run = cli(["--no-seed"])
    await run.printed("Press Ctrl-C to stop.")
    const path = devnetInfoPath(run.cwd)
    expect(path).toBe(join(run.cwd, "node_modules/.cache/tradekit-devnet/devnet.json"))

    const written = JSON.parse(readFileSync(path, "utf8"))
    expect(written).toMatchObject({ name: "tradekit-devnet", chainId: 31337, pid: run.child.pid })
    expect((await getJson(written.apiUrl)).body).toEqual(written)
    expect(run.stdout()).toContain(
      `This devnet as JSON (chains for createClient, listings, bids, owners, endpoints): GET ${written.apiUrl} or ${path}\n`,
    )
    expect(run.stdout()).toContain(`Try this: curl ${written.apiUrl}/collections/v7\n`)

    run.child.kill("SIGINT")
    expect(await run.exited).toBe(0)
    expect(existsSync(path)).toBe(false)
    expect(run.stderr()).toBe("")
  })

  it("refuses a port in use in one line that names it, and the devnet there", { timeout: 60_000 }, async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const port = (taken.address() as AddressInfo).port
    try {
      const run = cli(["--origin-port", String(port)])
      expect(await run.exited).toBe(1)
      expect(run.stderr()).toBe(
        `tradekit-devnet: port ${port} (--origin-port) is already in use; stop it or pick another port\n`,
      )
    } finally {
      taken.close()
    }

    const devnet = await startDevnet({ seed: false })
    try {
      const apiPort = Number(new URL(devnet.apiUrl).port)
      const run = cli(["--port", String(apiPort)])
      expect(await run.exited).toBe(1)
      expect(run.stderr()).toBe(
        `tradekit-devnet: port ${apiPort} (--port) is already in use, by a running tradekit-devnet (pid ${process.pid}, API ${devnet.apiUrl}); stop it or pick another port\n`,
      )
    } finally {
      await devnet.stop()
    }
  })

  it("is documented in --help, next to the root endpoint", { timeout: 30_000 }, async () => {
    const run = cli(["--help"])
    expect(await run.exited).toBe(0)
    expect(run.stdout()).toContain(
      'GET <API>/            answers JSON: { name: "tradekit-devnet", chainId, rpcUrl, apiUrl, wsUrl, chains,',
    )
    expect(run.stdout()).toContain("\n  node_modules/.cache/tradekit-devnet/devnet.json\n")
  })
})
