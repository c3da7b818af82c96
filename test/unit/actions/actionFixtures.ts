import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import type { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import type { Plugin } from "../../../src/plugins/Plugin.js"
import { defaultPlugins, mergePlugins, Plugins } from "../../../src/plugins/Plugins.js"
import type { ClientConfig, ClientOptions } from "../../../src/services/ClientConfig.js"
import type { OrderBook } from "../../../src/services/OrderBook.js"
import type { Wallet } from "../../../src/services/Wallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"
import { step } from "../fixtures.js"

/** A second chain, served by the fake API at `https://api-base.test`. */
export const BASE_CHAIN = { id: 8453, name: "Base", baseApiUrl: "https://api-base.test" } as const

/** An answer whose only step is already complete: the execution completes without touching the wallet. */
export const doneResponse = { steps: [step("sale", "transaction", [{ status: "complete" }])], path: [] }

/** A fake API and wallet, and a runner that provides them (and optional client plugins) to an action. */
export const setupActions = (options: ClientOptions & { readonly plugins?: ReadonlyArray<Plugin> } = {}) => {
  const api = makeFakeApi()
  const wallet = makeFakeWallet()
  const { plugins, ...clientOptions } = options
  const layer = Layer.merge(
    testLayer({ api, wallet, options: { chains: [TEST_CHAIN, BASE_CHAIN], ...clientOptions } }),
    Plugins.layer(mergePlugins(defaultPlugins, plugins)),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, ApiClient | OrderBook | Wallet | ClientConfig>) =>
    Effect.provide(effect, layer)
  return { api, wallet, layer, run }
}

/** The error an effect failed with (its first failure), for assertions. */
export const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  if (Exit.isSuccess(exit)) throw new Error("expected a failure")
  return Cause.squash(exit.cause) as E
}

/** Lets forked fire-and-forget fibers (daemon requests) run. */
export const settle = Effect.repeat(Effect.yieldNow, { times: 20 })
