/**
 * A log of the API requests the devnet answered, by route (`POST /execute/buy/v7`,
 * `GET /transactions/:hash/synced/v1`, …): what the benchmarks count requests per action with. Admin routes
 * (`/__devnet/…`) are not logged. `GET /__devnet/requests` shows the counts; `POST /__devnet/requests` clears.
 */
import type { Route } from "./http.js"

/** One logged request. */
export interface LoggedRequest {
  /** ms since the epoch, sub-millisecond. */
  readonly at: number
  readonly chainId: number
  /** `METHOD pattern`, e.g. `GET /transactions/:hash/synced/v1`. */
  readonly route: string
}

/** The requests answered since the last clear. */
export class RequestLog {
  readonly entries: LoggedRequest[] = []

  /** Request counts by route, most requested first. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const entry of this.entries) counts[entry.route] = (counts[entry.route] ?? 0) + 1
    return Object.fromEntries(Object.entries(counts).sort(([, a], [, b]) => b - a))
  }

  clear(): void {
    this.entries.length = 0
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
            })
            return route.handler(ctx, req)
          },
        },
  )

/** `GET /__devnet/requests` (counts and entries) and `POST /__devnet/requests` (clears). */
export const requestLogRoutes = (log: RequestLog): ReadonlyArray<Route> => [
  { method: "GET", pattern: "/__devnet/requests", handler: async () => ({ counts: log.counts(), entries: log.entries }) },
  {
    method: "POST",
    pattern: "/__devnet/requests",
    handler: async () => {
      log.clear()
      return { cleared: true }
    },
  },
]
