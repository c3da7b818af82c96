/** A route the proxy forwards: a method and a path under the API, `:name` segments standing for an id or hash. */
export interface ProxyRoute {
  readonly method: "GET" | "POST"
  /** e.g. `/execute/buy/v7` or `/transactions/:txHash/synced/v1`. */
  readonly path: string
}

/**
 * Every route of the protocol tradekit calls (DESIGN §3 and the step endpoints the API hands out): the
 * execute endpoints, order posts, the status check and synced poll, transfers, results, token refresh and
 * the cancel signature. Nothing else of the API — its reads, its admin — goes through the proxy.
 */
export const PROTOCOL_ROUTES: ReadonlyArray<ProxyRoute> = [
  { method: "POST", path: "/execute/buy/v7" },
  { method: "POST", path: "/execute/sell/v7" },
  { method: "POST", path: "/execute/mint/v1" },
  { method: "POST", path: "/execute/cancel/v3" },
  { method: "POST", path: "/execute/list/v5" },
  { method: "POST", path: "/execute/bid/v5" },
  { method: "POST", path: "/execute/transfer/v1" },
  { method: "POST", path: "/execute/call/v1" },
  { method: "POST", path: "/execute/results/v1" },
  { method: "POST", path: "/execute/status/v1" },
  { method: "POST", path: "/execute/cancel-signature/v1" },
  { method: "POST", path: "/order/v4" },
  { method: "POST", path: "/tokens/refresh/v1" },
  { method: "GET", path: "/transactions/:txHash/synced/v1" },
  { method: "GET", path: "/transfers/bulk/v2" },
]

// A parameter segment: an id or a hash, nothing that could be a dot segment, an encoded character or a host.
const PARAMETER = /^[0-9A-Za-z_-]{1,128}$/

/** Whether `path` (under the API) is `route`'s path, segment by segment. */
export const matchesRoute = (route: ProxyRoute, path: string): boolean => {
  const expected = route.path.split("/")
  const actual = path.split("/")
  return (
    expected.length === actual.length &&
    expected.every((segment, i) => {
      const candidate = actual[i] ?? ""
      return segment.startsWith(":") ? PARAMETER.test(candidate) : segment === candidate
    })
  )
}
