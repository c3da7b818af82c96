import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startDevnet } from "../../devnet/index.js"
import { devnetFileIn, findDevnet } from "../../playground/findDevnet.js"
import { playgroundConfigOf, servePlayground } from "../../playground/serve.js"
import { playgroundConfigOfInfo } from "../../playground/src/devnetInfo.js"
import type { PlaygroundConfig } from "../../playground/src/PlaygroundConfig.js"

/** A devnet's API root that answers only the documented core of its self-description. */
const startFakeDevnet = async () => {
  const server: Server = createServer((req, res) => {
    const info = {
      name: "tradekit-devnet",
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:1/rpc",
      apiUrl: `${base}/chains/31337`,
      wsUrl: `${base.replace("http", "ws")}/chains/31337/ws`,
    }
    if (req.method === "GET" && (req.url === "/" || req.url === "/chains/31337/")) {
      res.setHeader("content-type", "application/json")
      res.end(JSON.stringify(info))
    } else {
      res.statusCode = 404
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A URL where nothing listens: a port that was free a moment ago. */
const deadUrl = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** A directory whose devnet.json names `apiUrl`, as the devnet CLI writes it. */
const dirNaming = (apiUrl: string) => {
  const dir = mkdtempSync(join(tmpdir(), "tradekit-devnet-file-"))
  mkdirSync(dirname(devnetFileIn(dir)), { recursive: true })
  writeFileSync(
    devnetFileIn(dir),
    JSON.stringify({
      name: "tradekit-devnet",
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:1",
      apiUrl,
      wsUrl: "ws://127.0.0.1:1/ws",
      pid: 1,
    }),
  )
  dirs.push(dir)
  return dir
}

let fake: Awaited<ReturnType<typeof startFakeDevnet>>
let dead: string
const dirs: Array<string> = []

describe("the standalone playground finds a running devnet without port flags", () => {
  beforeAll(async () => {
    fake = await startFakeDevnet()
    dead = await deadUrl()
  })
  afterAll(async () => {
    await fake?.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("takes the devnet devnet.json names, once it answers at its API root", async () => {
    const found = await findDevnet({ dirs: [dirNaming(`${fake.base}/chains/31337`)], defaultApiUrl: dead })
    expect(found?.source).toBe("file")
    expect(found?.info).toMatchObject({ name: "tradekit-devnet", chainId: 31337, apiUrl: `${fake.base}/chains/31337` })
  })

  it("asks the default API URL's root when devnet.json names a devnet that no longer answers", async () => {
    const found = await findDevnet({ dirs: [dirNaming(`${dead}/chains/31337`)], defaultApiUrl: fake.base })
    expect(found?.source).toBe("default")
    expect(found?.info.apiUrl).toBe(`${fake.base}/chains/31337`)
  })

  it("asks only the API a flag names, over devnet.json", async () => {
    const dir = dirNaming(`${fake.base}/chains/31337`)
    await expect(findDevnet({ apiUrl: fake.base, dirs: [dir] })).resolves.toMatchObject({ source: "flag" })
    await expect(findDevnet({ apiUrl: dead, dirs: [dir], defaultApiUrl: fake.base })).resolves.toBeUndefined()
  })

  it("finds nothing when no file names a devnet and nothing answers at the default URL", async () => {
    const empty = mkdtempSync(join(tmpdir(), "tradekit-no-devnet-"))
    dirs.push(empty)
    await expect(findDevnet({ dirs: [empty], defaultApiUrl: dead })).resolves.toBeUndefined()
  })

  it("serves the page the config of the devnet it finds, and 404 when there is none", async () => {
    const found = await servePlayground({ apiUrl: fake.base, log: false })
    const missing = await servePlayground({ apiUrl: dead, log: false })
    try {
      const response = await fetch(new URL("/__playground/config.json", found.url))
      expect(response.status).toBe(200)
      const config = (await response.json()) as PlaygroundConfig
      expect(config.chains).toEqual([
        expect.objectContaining({
          id: 31337,
          baseApiUrl: `${fake.base}/chains/31337`,
          rpcUrl: "http://127.0.0.1:1/rpc",
          active: true,
        }),
      ])
      expect(config.accounts.map((a) => a.label)).toEqual(["User 1", "User 2", "User 3", "User 4", "User 5"])
      await expect(fetch(new URL("/__playground/config.json", missing.url)).then((r) => r.status)).resolves.toBe(404)
    } finally {
      await found.stop()
      await missing.stop()
    }
  })
})

describe("the playground's reading of a real devnet's self-description", () => {
  it("makes the same config from the devnet's API root as from the devnet object", async () => {
    const devnet = await startDevnet()
    try {
      const found = await findDevnet({ apiUrl: devnet.apiUrl })
      expect(found?.source).toBe("flag")
      const asJson = (config: PlaygroundConfig) => JSON.parse(JSON.stringify(config)) as unknown
      expect(asJson(playgroundConfigOfInfo(found!.info))).toEqual(asJson(playgroundConfigOf(devnet)))
    } finally {
      await devnet.stop()
    }
  })
})
