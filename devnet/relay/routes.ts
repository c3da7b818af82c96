/**
 * The devnet Relay's routes, in Relay's published shapes: `POST /quote/v2` (with the `Deprecation` and `Sunset`
 * headers of a deprecated route), `GET /intents/status/v3`, `POST /transactions/index` and `GET /chains`.
 */
import { type Hex, isHex, toHex } from "viem"
import { invalidInput, RelayApiError } from "./errors.js"
import { type QuoteContext, quote } from "./quote.js"
import type { RelaySolver } from "./solver.js"

/** `/quote/v2` is deprecated since 2026-11-25 and retires on 2027-02-23 (docs: migrating-to-quote-v3). */
export const quoteV2Deprecation = {
  /** RFC 9745: `@` and the Unix time the route was deprecated. */
  Deprecation: `@${Date.UTC(2026, 10, 25) / 1000}`,
  /** RFC 8594: the HTTP date it stops answering. */
  Sunset: new Date(Date.UTC(2027, 1, 23)).toUTCString(),
} as const

/** An answer: status, body, extra headers. */
export interface RelayAnswer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/** What the routes need. */
export interface RelayRoutesContext extends QuoteContext {
  readonly filler: RelaySolver
}

/** Answers one request; Relay's error body on any failure. */
export async function answer(ctx: RelayRoutesContext, method: string, url: URL, body: unknown): Promise<RelayAnswer> {
  const route = `${method} ${url.pathname.replace(/\/+$/, "")}`
  const headers = route === "POST /quote/v2" ? quoteV2Deprecation : {}
  try {
    return { status: 200, body: await dispatch(ctx, route, url, body), headers }
  } catch (error) {
    const failure =
      error instanceof RelayApiError
        ? error
        : new RelayApiError(500, "INTERNAL_SERVER_ERROR", String(error).slice(0, 300))
    return { status: failure.status, body: failure.body(toHex(crypto.getRandomValues(new Uint8Array(32)))), headers }
  }
}

async function dispatch(ctx: RelayRoutesContext, route: string, url: URL, body: unknown): Promise<unknown> {
  switch (route) {
    case "POST /quote/v2":
      return quote(ctx, body)
    case "GET /intents/status/v3":
      return status(ctx, url.searchParams.get("requestId"))
    case "POST /transactions/index":
      return index(ctx, body)
    case "GET /chains":
      return chains(ctx)
    default:
      throw new RelayApiError(404, "NOT_FOUND", `no route ${route}`)
  }
}

function status(ctx: RelayRoutesContext, requestId: string | null): unknown {
  if (requestId === null || !isHex(requestId)) throw invalidInput("requestId must be a hex string")
  const request = ctx.requests.get(requestId)
  if (request === undefined) throw new RelayApiError(404, "REQUEST_NOT_FOUND", `no request ${requestId}`)
  return {
    status: request.status,
    ...(request.details !== undefined ? { details: request.details } : {}),
    inTxHashes: request.inTxHashes,
    txHashes: request.txHashes,
    updatedAt: request.updatedAt,
    originChainId: request.originChainId,
    destinationChainId: request.destinationChainId,
    quoteCreatedAt: request.createdAt,
  }
}

function index(ctx: RelayRoutesContext, body: unknown): unknown {
  const { chainId, txHash } = (body ?? {}) as { chainId?: unknown; txHash?: unknown }
  const id = typeof chainId === "string" ? Number(chainId) : chainId
  if (typeof id !== "number" || !ctx.chains.has(id)) throw invalidInput("chainId must be a supported chain id")
  if (typeof txHash !== "string" || !isHex(txHash) || txHash.length !== 66) throw invalidInput("txHash must be a hash")
  // Indexed in the background, as Relay does: the answer only acknowledges.
  ctx.filler.index(id, txHash as Hex).catch(() => undefined)
  return { message: "Success" }
}

function chains(ctx: RelayRoutesContext): unknown {
  return {
    chains: [...ctx.chains.values()].map(({ contracts }) => ({
      id: contracts.chainId,
      name: `devnet-${contracts.chainId}`,
      displayName: `Devnet ${contracts.chainId}`,
      vmType: "evm",
      depositEnabled: true,
      disabled: false,
      currency: {
        id: "eth",
        symbol: "ETH",
        name: "Ether",
        address: "0x0000000000000000000000000000000000000000",
        decimals: 18,
      },
      contracts: { v3: { erc20Router: contracts.router } },
      solverAddresses: [ctx.solver.address],
      protocol: { v2: { depository: contracts.depository } },
    })),
  }
}
