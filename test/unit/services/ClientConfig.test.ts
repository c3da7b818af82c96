import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as LogLevel from "effect/LogLevel"
import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import packageJson from "../../../package.json" with { type: "json" }
import {
  chainFor,
  DEFAULT_CLIENT_SETTINGS,
  effectLogLevel,
  resolveClientConfig,
} from "../../../src/services/ClientConfig.js"
import { endpointUrl } from "../../../src/services/endpointUrl.js"
import { DEFAULT_RETRY_POLICY, NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { VERSION } from "../../../src/version.js"

const a = { id: 1, name: "A", baseApiUrl: "https://a.test/" }
const b = { id: 8453, name: "B", baseApiUrl: "https://b.test//", active: true }

describe("ClientConfig", () => {
  it("strips trailing slashes and picks the chain flagged active, else the first", () => {
    expect(resolveClientConfig({ chains: [a, b] }).activeChain).toMatchObject({
      id: 8453,
      baseApiUrl: "https://b.test",
    })
    expect(resolveClientConfig({ chains: [a, { ...b, active: false }] }).activeChain).toMatchObject({
      id: 1,
      baseApiUrl: "https://a.test",
    })
    expect(resolveClientConfig({}).activeChain).toBeUndefined()
  })

  it("a per-request chain id overrides the active chain; an unknown one is a typed error", () => {
    const config = resolveClientConfig({ chains: [a, b] })
    expect(Effect.runSync(chainFor(config, 1)).id).toBe(1)
    expect(Effect.runSync(chainFor(config)).id).toBe(8453)
    expect(Effect.runSyncExit(chainFor(config, 10))).toMatchObject(
      Exit.fail({
        _tag: "MissingChainConfigurationError",
        chainId: 10,
        message: "ReservoirClient missing chain configuration",
      }),
    )
    expect(Effect.runSyncExit(chainFor(resolveClientConfig({}), undefined, "missing configuration"))).toMatchObject(
      Exit.fail({ message: "missing configuration" }),
    )
  })

  it("fills in every default, stated once", () => {
    expect(resolveClientConfig({}).settings).toEqual({
      logLevel: 0,
      synchronousStepItemExecution: false,
      retry: DEFAULT_RETRY_POLICY,
      httpTimeout: 30_000,
      walletTimeout: 300_000,
      simulate: true,
      batchTransactions: true,
      capabilitiesCheck: true,
      capabilitiesTimeout: 10_000,
      callsStatusTimeout: 10_000,
      postTimeout: 30_000,
      resultsPostTimeout: 10_000,
      nonceWindow: 8,
      dataPollAttempts: 15,
    })
    expect(resolveClientConfig({}).settings).toEqual(DEFAULT_CLIENT_SETTINGS)
  })

  it("keeps every setting given, and takes the default for one given as undefined", () => {
    const given = {
      logLevel: 4,
      synchronousStepItemExecution: true,
      retry: NO_RETRY,
      httpTimeout: 1500,
      walletTimeout: 60_000,
      simulate: false,
      batchTransactions: false,
      capabilitiesCheck: false,
      capabilitiesTimeout: 2000,
      callsStatusTimeout: 3000,
      postTimeout: 4000,
      resultsPostTimeout: 5000,
      nonceWindow: 2,
      dataPollAttempts: 3,
    } as const
    expect(resolveClientConfig({ ...given, source: "app.test" }).settings).toEqual({ ...given, source: "app.test" })
    expect(resolveClientConfig({ httpTimeout: undefined, simulate: undefined }).settings).toMatchObject({
      httpTimeout: 30_000,
      simulate: true,
    })
    expect(resolveClientConfig({ apiKey: "secret" }).settings).not.toHaveProperty("apiKey")
  })

  it("maps reservoir-sdk's log levels 0–4 onto Effect's", () => {
    expect([0, 1, 2, 3, 4, undefined].map((level) => effectLogLevel(level as never))).toEqual<Array<LogLevel.LogLevel>>(
      ["None", "Error", "Warn", "Info", "Debug", "None"],
    )
  })

  it("sends the package's own version as x-rkc-version", () => {
    expect(VERSION).toBe(packageJson.version)
  })
})

describe("endpointUrl", () => {
  it.each([
    ["https://api.test", "/order/v4", "https://api.test/order/v4"],
    ["https://api.test/chains/1", "/order/v4?x=1", "https://api.test/chains/1/order/v4?x=1"],
    ["http://127.0.0.1:8080", "/execute/status/v1", "http://127.0.0.1:8080/execute/status/v1"],
  ])("joins %s and %s", (base, endpoint, expected) => {
    expect(Result.getOrThrow(endpointUrl(base, endpoint)).href).toBe(expected)
  })

  it.each([
    "https://evil.test/x",
    "//evil.test/x",
    "@evil.test/x",
    "/x@evil.test",
    "\\evil.test",
    "/\\evil.test",
    "javascript:alert(1)",
    "",
    "/../../other-api/x",
  ])("refuses %s", (endpoint) => {
    expect(Result.isFailure(endpointUrl("https://api.test/chains/1", endpoint))).toBe(true)
  })
})
