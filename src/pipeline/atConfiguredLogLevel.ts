import * as Effect from "effect/Effect"
import * as References from "effect/References"
import { ClientConfig, effectLogLevel } from "../services/ClientConfig.js"

/**
 * Runs tradekit's own work at the client's `logLevel` (none by default), without touching the level of the
 * program around it: an app's own logs stay as the app set them.
 */
export const atConfiguredLogLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | ClientConfig> =>
  ClientConfig.use((config) =>
    Effect.provideService(effect, References.MinimumLogLevel, effectLogLevel(config.settings.logLevel)),
  )
