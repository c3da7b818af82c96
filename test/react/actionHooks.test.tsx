import { act, renderHook, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import { createWalletClient, custom, parseTransaction } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { afterEach, describe, expect, it } from "vitest"
import { ExecutionInProgressError } from "../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../src/pipeline/ExecutionSnapshot.js"
import type { ActionHookResult } from "../../src/react/index.js"
import { useBuyToken, useCancelOrder, useListToken, usePlaceBid, useTradekit } from "../../src/react/index.js"
import { TEST_PRIVATE_KEY } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { memoryProvider } from "../unit/client/memoryProvider.js"
import { EXCHANGE, OTHER, step, TOKEN, txItem } from "../unit/fixtures.js"
import { listing, listingSteps, setup } from "./fixtures.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const withCleanup = () => {
  const s = setup()
  cleanups.push(() => s.client.dispose())
  return s
}

/** A route answer held back until `release` is called. */
const gated = (body: unknown) => {
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (release = resolve))
  return { release, responder: () => Effect.promise(() => opened).pipe(Effect.as({ body })) }
}

/** A route answer that never comes, and tells when its request was interrupted. */
const hanging = () => {
  const state = { interrupted: false }
  const responder = () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => (state.interrupted = true))))
  return { state, responder }
}

/**
 * The listing's steps with a check on the signature item: once signed and posted, the execution waits on the
 * check, a poll that abort can interrupt (the order's post itself is never abandoned half-way).
 */
const CHECK = "/execute/status/v1"
const checkedListingSteps = {
  steps: listingSteps.steps.map((s) => ({
    ...s,
    items: s.items.map((item) => ({
      ...item,
      check: { endpoint: CHECK, method: "POST", body: { kind: "signature" } },
    })),
  })),
}

describe("action hooks", () => {
  it("start idle, run, and succeed with the action's result", async () => {
    const { api, wrapper } = withCleanup()
    const post = gated({ orderId: "0xabc" })
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", post.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })
    expect(result.current.status).toBe("idle")
    expect(result.current.progress).toBeUndefined()

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo("/order/v4")).toHaveLength(1))
    expect(result.current.status).toBe("pending")
    await act(async () => {
      post.release()
      await pending
    })

    expect(await pending).toBe(true)
    expect(result.current.status).toBe("success")
    expect(result.current.data).toBe(true)
    expect(result.current.error).toBeUndefined()
    expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5", "/order/v4"])
  })

  it("expose each progress snapshot, and never change one already rendered", async () => {
    const { api, wrapper } = withCleanup()
    const post = gated({ orderId: "0xabc" })
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", post.responder)
    const seen: Array<{ snapshot: ExecutionSnapshot; json: string }> = []
    const { result } = renderHook(
      () => {
        const hook = useListToken()
        if (hook.progress !== undefined && seen.at(-1)?.snapshot !== hook.progress) {
          seen.push({ snapshot: hook.progress, json: JSON.stringify(hook.progress) })
        }
        return hook
      },
      { wrapper },
    )

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo("/order/v4")).toHaveLength(1))
    await act(async () => {
      post.release()
      await pending
    })

    const final = result.current.progress
    expect(final?.status).toBe("complete")
    const item = final?.steps[0]?.items?.[0]
    expect(item?.status).toBe("complete")
    expect(item?.orderData?.[0]).toMatchObject({ orderId: "0xabc" })
    expect(seen[0]?.snapshot.status).toBe("running")
    expect(seen[0]?.snapshot.steps[0]?.items?.[0]?.status).toBe("incomplete")
    for (const { snapshot, json } of seen) expect(JSON.stringify(snapshot)).toBe(json)
  })

  it("a component writing to the rendered progress cannot change where a transaction is sent", async () => {
    const { api, wrapper } = withCleanup()
    const provider = memoryProvider(TEST_CHAIN.id)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const firstConfirmation = gated({ synced: true })
    api
      .route("POST", "/execute/buy/v7", {
        body: {
          steps: [
            step("currency-wrapping", "transaction", [
              { ...txItem(account.address), data: { ...txItem(account.address).data, to: TOKEN } },
            ]),
            step("currency-approval", "transaction", [txItem(account.address)]),
          ],
        },
      })
      .route("GET", /synced/, (_request, call) =>
        call === 0 ? firstConfirmation.responder() : Effect.succeed({ body: { synced: true } }),
      )
    const { result } = renderHook(() => useBuyToken(), { wrapper })

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ items: [{ token: listing.token }], wallet })
    })
    await waitFor(() => expect(result.current.progress?.txHashes).toHaveLength(1))
    const data = result.current.progress?.steps[1]?.items?.[0]?.data as { to?: string } | undefined
    try {
      if (data !== undefined) data.to = OTHER
    } catch {
      // A frozen snapshot refuses the write: that is one of the two acceptable outcomes.
    }
    await act(async () => {
      firstConfirmation.release()
      await pending
    })

    expect(await pending).toBe(true)
    expect(provider.rawTransactions.map((raw) => parseTransaction(raw).to?.toLowerCase())).toEqual([
      TOKEN.toLowerCase(),
      EXCHANGE.toLowerCase(),
    ])
  })

  it("show the current step and its items while it runs", async () => {
    const { api, wrapper } = withCleanup()
    const check = hanging()
    api
      .route("POST", "/execute/list/v5", { body: checkedListingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
      .route("POST", CHECK, check.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })

    act(() => {
      void result.current.execute({ listings: [listing] })
    })

    await waitFor(() =>
      expect(result.current.progress?.currentStep).toEqual({ index: 0, id: "order-signature", itemIndexes: [0] }),
    )
    expect(result.current.status).toBe("pending")
    act(() => result.current.abort())
  })

  it("fail with the API's typed error", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", { status: 400, body: { message: "Token is not listed", statusCode: 400 } })
    const { result } = renderHook(() => useBuyToken(), { wrapper })

    let resolved: unknown = "unset"
    await act(async () => {
      resolved = await result.current.execute({ items: [{ token: `${listing.token}`, quantity: 1 }] })
    })

    expect(resolved).toBeUndefined()
    expect(result.current.status).toBe("error")
    const error = result.current.error
    expect(error && "_tag" in error ? error._tag : undefined).toBe("APIError")
    expect(error?.message).toBe("Token is not listed")
  })

  it("fail with the input's typed error before any request", async () => {
    const { api, wrapper } = withCleanup()
    const { result } = renderHook(() => useCancelOrder(), { wrapper })

    await act(async () => {
      await result.current.execute({ ids: [] })
    })

    expect(result.current.status).toBe("error")
    expect(result.current.error).toMatchObject({ _tag: "NoOrderIdsError", message: "No order ids specified" })
    expect(api.requests).toHaveLength(0)
  })

  it("abort: the request in flight is interrupted, no other one is made, the status is error with the reason", async () => {
    const { api, wrapper } = withCleanup()
    const check = hanging()
    api
      .route("POST", "/execute/list/v5", { body: checkedListingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
      .route("POST", CHECK, check.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo(CHECK)).toHaveLength(1))

    await act(async () => {
      result.current.abort()
      await pending
    })

    expect(check.state.interrupted).toBe(true)
    expect(result.current.status).toBe("error")
    expect(result.current.error).toMatchObject({ _tag: "ExecutionAbortedError", reason: { name: "AbortError" } })
    const count = api.requests.length
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.requests).toHaveLength(count)
  })

  it("unmounting the component aborts the execution it started", async () => {
    const { api, wrapper } = withCleanup()
    const check = hanging()
    api
      .route("POST", "/execute/list/v5", { body: checkedListingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
      .route("POST", CHECK, check.responder)
    const { result, unmount } = renderHook(() => useListToken(), { wrapper })

    act(() => {
      void result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo(CHECK)).toHaveLength(1))
    unmount()

    await waitFor(() => expect(check.state.interrupted).toBe(true))
  })

  it("reset goes back to idle, with no progress, data or error", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/bid/v5", { status: 500, body: { message: "Bid failed" } })
    const { result } = renderHook(() => usePlaceBid(), { wrapper })
    await act(async () => {
      await result.current.execute({
        bids: [{ collection: "0x1111111111111111111111111111111111111111", weiPrice: "10" }],
      })
    })
    expect(result.current.status).toBe("error")

    act(() => result.current.reset())

    const { status, progress, data, error } = result.current
    expect({ status, progress, data, error }).toEqual({
      status: "idle",
      progress: undefined,
      data: undefined,
      error: undefined,
    })
  })

  it("reset while running aborts the execution and ignores its outcome", async () => {
    const { api, wrapper } = withCleanup()
    const check = hanging()
    api
      .route("POST", "/execute/list/v5", { body: checkedListingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
      .route("POST", CHECK, check.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })
    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo(CHECK)).toHaveLength(1))

    await act(async () => {
      result.current.reset()
      await pending
    })

    expect(check.state.interrupted).toBe(true)
    expect(result.current.status).toBe("idle")
    expect(result.current.error).toBeUndefined()
  })

  it("execute while one runs is refused with ExecutionInProgressError; the running one goes on untouched", async () => {
    const { api, wrapper } = withCleanup()
    const post = gated({ orderId: "0xabc" })
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", post.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })
    let first: Promise<unknown> = Promise.resolve()
    act(() => {
      first = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo("/order/v4")).toHaveLength(1))
    await waitFor(() => expect(result.current.progress?.status).toBe("running"))

    let refusal: unknown
    await act(async () => {
      refusal = await result.current.execute({ listings: [listing] }).catch((error: unknown) => error)
    })

    expect(refusal).toBeInstanceOf(ExecutionInProgressError)
    expect((refusal as Error).message).toBe("An execution is already running; abort it or wait for it to end")
    expect(result.current.status).toBe("pending")
    expect(result.current.error).toBeUndefined()
    expect(result.current.progress?.status).toBe("running")
    await act(async () => {
      post.release()
      await first
    })
    expect(await first).toBe(true)
    expect(result.current.status).toBe("success")
    expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5", "/order/v4"])
  })

  it("after abort, execute starts a new execution at once and reports only it", async () => {
    const { api, wrapper } = withCleanup()
    const check = hanging()
    api
      .route("POST", "/execute/list/v5", { body: checkedListingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
      .route("POST", CHECK, (_request, call) =>
        call === 0 ? check.responder() : Effect.succeed({ body: { status: "success" } }),
      )
    const { result } = renderHook(() => useListToken(), { wrapper })
    let first: Promise<unknown> = Promise.resolve()
    act(() => {
      first = result.current.execute({ listings: [listing] })
    })
    await waitFor(() => expect(api.requestsTo(CHECK)).toHaveLength(1))

    let second: unknown
    await act(async () => {
      result.current.abort()
      second = await result.current.execute({ listings: [listing] })
    })

    expect(second).toBe(true)
    expect(await first).toBeUndefined()
    expect(check.state.interrupted).toBe(true)
    expect(result.current.status).toBe("success")
    expect(result.current.error).toBeUndefined()
  })

  it("fail without a wallet, naming what is missing", async () => {
    const { client } = withCleanup()
    const { TradekitProvider } = await import("../../src/react/index.js")
    const { result } = renderHook(() => useListToken(), {
      wrapper: ({ children }) => <TradekitProvider client={client}>{children}</TradekitProvider>,
    })
    await act(async () => {
      await result.current.execute({ listings: [listing] })
    })
    expect(result.current.error).toMatchObject({
      _tag: "NoWalletError",
      message:
        "No wallet to act with; give one to <TradekitProvider wallet>, to the mutation options, or with the call",
    })
  })

  it("throw outside a TradekitProvider", () => {
    expect(() => renderHook(() => useTradekit())).toThrow("must be used inside a <TradekitProvider>")
  })
})

// Compile-time: the error of a hook is the action's typed union (plus the abort reason), narrowable by _tag.
export const narrowsByTag = (hook: ActionHookResult<"cancelOrder">): string | undefined => {
  const error = hook.error
  if (error !== undefined && "_tag" in error && error._tag === "NoOrderIdsError") return error.message
  return undefined
}
