/**
 * A log of the API requests the devnet answered, by route (`POST /execute/buy/v7`,
 * `GET /transactions/:hash/synced/v1`, …): what the benchmarks count requests per action with. Admin routes
 * (`/__devnet/…`) are not logged. `GET /__devnet/requests` shows the counts; `POST /__devnet/requests` clears.
 */
import { createHash } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"
import type { Route } from "./http.js"

/** One logged request. */
export interface LoggedRequest {
  /** ms since the epoch, sub-millisecond. */
  readonly at: number
  readonly chainId: number
  /** `METHOD pattern`, e.g. `GET /transactions/:hash/synced/v1`; a status socket's handshake is `GET /ws`. */
  readonly route: string
  /**
   * The credentials the request carried — `x-api-key`, `authorization`, and any other `x-…` header but
   * tradekit's version headers — by name, each as its {@link credentialFingerprint}, never in clear.
   */
  readonly credentials: Readonly<Record<string, string>>
}

/**
 * What the log keeps of a credential: `sha256:` and the first 16 hex digits of its SHA-256. Enough to tell
 * which key arrived (compare with the fingerprint of the one you sent), useless to recover it.
 *
 * @example
 * credentialFingerprint("sk-live-1") // "sha256:…"
 */
export const credentialFingerprint = (value: string): string =>
  `sha256:${createHash("sha256").update(value).digest("hex").slice(0, 16)}`

const notCredentials = new Set([
  "x-rkc-version",
  "x-rkui-version",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
])

/** The credentials among `headers`, fingerprinted. */
export const credentialsOf = (headers: IncomingHttpHeaders): Readonly<Record<string, string>> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value !== undefined && (name === "authorization" || (name.startsWith("x-") && !notCredentials.has(name)))
        ? [[name, credentialFingerprint(Array.isArray(value) ? value.join(", ") : value)]]
        : [],
    ),
  )

/** The requests answered since the last clear. */
export class RequestLog {
  readonly entries: LoggedRequest[] = []
  /** The status socket's handshakes (`GET /ws`), apart: they are no API request of an action's count. */
  readonly handshakes: LoggedRequest[] = []

  /** Request counts by route, most requested first. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const entry of this.entries) counts[entry.route] = (counts[entry.route] ?? 0) + 1
    return Object.fromEntries(Object.entries(counts).sort(([, a], [, b]) => b - a))
  }

  clear(): void {
    this.entries.length = 0
    this.handshakes.length = 0
  }
}

/** The routes, each logging its requests to `log` (admin routes excepted) before it runs. */
export const withRequestLog = (routes: ReadonlyArray<Route>, log: RequestLog): ReadonlyArray<Route> =>
  routes.map((route) =>
    route.pattern.startsWith("/__devnet")
      ? route
      : {
          ...route,
          handler: (ctx, req) => {
            log.entries.push({
              at: performance.timeOrigin + performance.now(),
              chainId: req.chain.chainId,
              route: `${route.method} ${route.pattern}`,
              credentials: credentialsOf(req.headers),
            })
            return route.handler(ctx, req)
          },
        },
  )

/** `GET /__devnet/requests` (counts and entries) and `POST /__devnet/requests` (clears). */
export const requestLogRoutes = (log: RequestLog): ReadonlyArray<Route> => [
  {
    method: "GET",
    pattern: "/__devnet/requests",
    handler: async () => ({ counts: log.counts(), entries: log.entries }),
  },
  {
    method: "POST",
    pattern: "/__devnet/requests",
    handler: async () => {
      log.clear()
      return { cleared: true }
    },
  },
]
