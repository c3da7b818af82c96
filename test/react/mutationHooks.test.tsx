import { act, renderHook, waitFor } from "@testing-library/react"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { ExecutionInProgressError } from "../../src/errors/index.js"
import { type ActionHookCallbacks, ExecutionAbortedError, useBuyToken, useListToken } from "../../src/react/index.js"
import { minedWallet, routeSale } from "./buyRoutes.js"
import { listing, listingSteps, setup } from "./fixtures.js"

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

/** A route answer that never comes. */
const never = () => Effect.never

const NOT_LISTED = { status: 400, body: { message: "Token is not listed", statusCode: 400 } }
const buyVariables = { items: [{ token: listing.token, quantity: 1 }] }

/** Callbacks that write what they hear, tagged by who they belong to, into `log`. */
const recording = <N extends "buyToken" | "listToken">(who: string, log: Array<unknown>): ActionHookCallbacks<N> => ({
  onSuccess: (data, variables) => void log.push([`${who}.onSuccess`, data, variables]),
  onError: (error, variables) => void log.push([`${who}.onError`, error._tag, variables]),
  onSettled: (data, error, variables) =>
    void log.push([`${who}.onSettled`, data, error === null ? null : error._tag, variables]),
})

describe("action hooks, in the shape of useMutation", () => {
  it("start idle, with mutate, mutateAsync, execute, abort and reset", () => {
    const { wrapper } = withCleanup()
    const { result } = renderHook(() => useListToken(), { wrapper })

    const { mutate, mutateAsync, execute, abort, reset, ...state } = result.current
    expect(state).toEqual({
      status: "idle",
      isIdle: true,
      isPending: false,
      isSuccess: false,
      isError: false,
      variables: undefined,
      data: undefined,
      error: undefined,
      progress: undefined,
      errors: [],
    })
    for (const control of [mutate, mutateAsync, execute, abort, reset]) expect(control).toBeTypeOf("function")
  })

  it("go idle -> pending -> success, holding the variables and then the data", async () => {
    const { api, wrapper } = withCleanup()
    const post = gated({ orderId: "0xabc" })
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", post.responder)
    const { result } = renderHook(() => useListToken(), { wrapper })
    const variables = { listings: [listing] }

    act(() => result.current.mutate(variables))
    expect(result.current).toMatchObject({
      status: "pending",
      isIdle: false,
      isPending: true,
      isSuccess: false,
      isError: false,
    })
    expect(result.current.variables).toBe(variables)
    expect(result.current.data).toBeUndefined()
    await waitFor(() => expect(api.requestsTo("/order/v4")).toHaveLength(1))
    await act(async () => post.release())

    await waitFor(() => expect(result.current.status).toBe("success"))
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true, data: true, error: undefined })
    expect(result.current.variables).toBe(variables)
    expect(result.current.progress?.status).toBe("complete")
  })

  it("go pending -> error with the action's typed error", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", NOT_LISTED)
    const { result } = renderHook(() => useBuyToken(), { wrapper })

    act(() => result.current.mutate(buyVariables))
    expect(result.current.status).toBe("pending")

    await waitFor(() => expect(result.current.status).toBe("error"))
    expect(result.current).toMatchObject({ isError: true, data: undefined, variables: buyVariables })
    expect(result.current.error).toMatchObject({ _tag: "APIError", message: "Token is not listed" })
  })

  it("mutate returns nothing and never rejects: a failure is only in the state", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", NOT_LISTED)
    const { result } = renderHook(() => useBuyToken(), { wrapper })
    const unhandled: Array<unknown> = []
    const record = (reason: unknown) => void unhandled.push(reason)
    process.on("unhandledRejection", record)
    cleanups.push(async () => void process.off("unhandledRejection", record))

    let returned: unknown = "unset"
    act(() => {
      returned = result.current.mutate(buyVariables)
    })
    // A second call while the first runs is refused; mutate still neither throws nor rejects.
    act(() => {
      result.current.mutate(buyVariables)
    })

    expect(returned).toBeUndefined()
    await waitFor(() => expect(result.current.status).toBe("error"))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(unhandled).toEqual([])
  })

  it("mutateAsync resolves to the action's result", async () => {
    const { api, wrapper } = withCleanup()
    routeSale(api)
    const { wallet, sent } = minedWallet()
    const { result } = renderHook(() => useBuyToken(), { wrapper })

    let resolved: unknown
    await act(async () => {
      resolved = await result.current.mutateAsync({ ...buyVariables, wallet })
    })

    expect(resolved).toBe(true)
    expect(result.current.data).toBe(true)
    expect(sent).toHaveLength(1)
  })

  it("mutateAsync rejects with the typed error, the very one the state holds", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", NOT_LISTED)
    const { result } = renderHook(() => useBuyToken(), { wrapper })

    let rejection: unknown
    await act(async () => {
      rejection = await result.current.mutateAsync(buyVariables).catch((error: unknown) => error)
    })

    expect(rejection).toMatchObject({ _tag: "APIError", message: "Token is not listed" })
    expect(rejection).toBe(result.current.error)
  })

  it("call onSuccess then onSettled: the hook's, then the call's, with the data and the variables", async () => {
    const { api, wrapper } = withCleanup()
    api
      .route("POST", "/execute/list/v5", { body: listingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
    const log: Array<unknown> = []
    const { result } = renderHook(() => useListToken(recording("hook", log)), { wrapper })
    const variables = { listings: [listing] }

    await act(async () => {
      await result.current.mutateAsync(variables, recording("call", log))
    })

    expect(log).toEqual([
      ["hook.onSuccess", true, variables],
      ["hook.onSettled", true, null, variables],
      ["call.onSuccess", true, variables],
      ["call.onSettled", true, null, variables],
    ])
  })

  it("call onError then onSettled: the hook's, then the call's, with the typed error and the variables", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", NOT_LISTED)
    const log: Array<unknown> = []
    const { result } = renderHook(() => useBuyToken(recording("hook", log)), { wrapper })

    act(() => result.current.mutate(buyVariables, recording("call", log)))
    await waitFor(() => expect(log).toHaveLength(4))

    expect(log).toEqual([
      ["hook.onError", "APIError", buyVariables],
      ["hook.onSettled", undefined, "APIError", buyVariables],
      ["call.onError", "APIError", buyVariables],
      ["call.onSettled", undefined, "APIError", buyVariables],
    ])
  })

  it("await the hook's async onSuccess before mutateAsync resolves", async () => {
    const { api, wrapper } = withCleanup()
    api
      .route("POST", "/execute/list/v5", { body: listingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
    const log: Array<string> = []
    const onSuccess = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      log.push("onSuccess done")
    }
    const { result } = renderHook(() => useListToken({ onSuccess }), { wrapper })

    await act(async () => {
      await result.current.mutateAsync({ listings: [listing] })
      log.push("mutateAsync resolved")
    })

    expect(log).toEqual(["onSuccess done", "mutateAsync resolved"])
  })

  it("use the hook's latest callbacks", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", NOT_LISTED)
    const heard: Array<string> = []
    const { result, rerender } = renderHook(({ who }) => useBuyToken({ onError: () => void heard.push(who) }), {
      wrapper,
      initialProps: { who: "first" },
    })
    rerender({ who: "second" })

    await act(async () => {
      await result.current.mutateAsync(buyVariables).catch(() => undefined)
    })

    expect(heard).toEqual(["second"])
  })

  it("refuse a call while one runs: ExecutionInProgressError to that call only, the running one untouched", async () => {
    const { api, wrapper } = withCleanup()
    const post = gated({ orderId: "0xabc" })
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", post.responder)
    const hookLog: Array<unknown> = []
    const callLog: Array<unknown> = []
    const { result } = renderHook(() => useListToken(recording("hook", hookLog)), { wrapper })
    const first = { listings: [listing] }
    act(() => result.current.mutate(first))
    await waitFor(() => expect(api.requestsTo("/order/v4")).toHaveLength(1))

    let refusal: unknown
    await act(async () => {
      result.current.mutate({ listings: [listing] }, recording("call", callLog))
      refusal = await result.current.mutateAsync({ listings: [listing] }).catch((error: unknown) => error)
    })

    expect(refusal).toBeInstanceOf(ExecutionInProgressError)
    expect(callLog.map((entry) => (entry as Array<unknown>).slice(0, 2))).toEqual([
      ["call.onError", "ExecutionInProgressError"],
      ["call.onSettled", undefined],
    ])
    expect(hookLog).toEqual([])
    expect(result.current.status).toBe("pending")
    expect(result.current.variables).toBe(first)
    await act(async () => post.release())
    await waitFor(() => expect(result.current.status).toBe("success"))
    expect(hookLog.map((entry) => (entry as Array<unknown>)[0])).toEqual(["hook.onSuccess", "hook.onSettled"])
  })

  it("abort: the error is an ExecutionAbortedError carrying the reason, for the state, mutateAsync and onError", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", never)
    const log: Array<unknown> = []
    const { result } = renderHook(() => useBuyToken(recording("hook", log)), { wrapper })
    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.mutateAsync(buyVariables).catch((error: unknown) => error)
    })
    await waitFor(() => expect(api.requestsTo("/execute/buy/v7")).toHaveLength(1))

    const reason = new Error("the user left")
    let rejection: unknown
    await act(async () => {
      result.current.abort(reason)
      rejection = await pending
    })

    expect(rejection).toBeInstanceOf(ExecutionAbortedError)
    expect(rejection).toMatchObject({
      _tag: "ExecutionAbortedError",
      name: "ExecutionAbortedError",
      message: "The execution was aborted",
      reason,
    })
    expect(result.current.status).toBe("error")
    expect(result.current.error).toBe(rejection)
    expect(log.map((entry) => (entry as Array<unknown>).slice(0, 2))).toEqual([
      ["hook.onError", "ExecutionAbortedError"],
      ["hook.onSettled", undefined],
    ])
  })

  it("reset while pending: back to idle with no variables; the hook hears the abort, the call's callbacks do not", async () => {
    const { api, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", never)
    const hookLog: Array<unknown> = []
    const callLog: Array<unknown> = []
    const { result } = renderHook(() => useBuyToken(recording("hook", hookLog)), { wrapper })
    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.mutateAsync(buyVariables, recording("call", callLog)).catch((error: unknown) => error)
    })
    await waitFor(() => expect(api.requestsTo("/execute/buy/v7")).toHaveLength(1))

    let rejection: unknown
    await act(async () => {
      result.current.reset()
      rejection = await pending
    })

    const { status, variables, data, error, progress } = result.current
    expect({ status, variables, data, error, progress }).toEqual({
      status: "idle",
      variables: undefined,
      data: undefined,
      error: undefined,
      progress: undefined,
    })
    expect(rejection).toBeInstanceOf(ExecutionAbortedError)
    expect(hookLog.map((entry) => (entry as Array<unknown>)[0])).toEqual(["hook.onError", "hook.onSettled"])
    expect(callLog).toEqual([])
  })

  it("a client disposed under a running execution fails it with a tagged error too", async () => {
    const { api, client, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", never)
    const { result } = renderHook(() => useBuyToken(), { wrapper })
    act(() => result.current.mutate(buyVariables))
    await waitFor(() => expect(api.requestsTo("/execute/buy/v7")).toHaveLength(1))

    await act(async () => {
      await client.dispose()
    })

    await waitFor(() => expect(result.current.status).toBe("error"))
    expect(result.current.error).toMatchObject({ _tag: "UnknownError", message: "The client was disposed" })
  })
})
