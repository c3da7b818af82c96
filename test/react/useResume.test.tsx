import { act, renderHook, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import { createWalletClient, custom, type Hex, type WalletClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { afterEach, describe, expect, it } from "vitest"
import type { ExecutionSnapshot } from "../../src/pipeline/ExecutionSnapshot.js"
import { useResume } from "../../src/react/index.js"
import { TEST_PRIVATE_KEY } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { blankRequest } from "../support/blankRequest.js"
import { memoryProvider } from "../unit/client/memoryProvider.js"
import { setup } from "./fixtures.js"

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const withCleanup = () => {
  const s = setup()
  cleanups.push(() => s.client.dispose())
  // A resume asks the API for the plan again: it still has the approval (sent, not yet indexed) and the signature.
  s.api.route("POST", "/execute/list/v5", {
    body: {
      steps: stored().steps.map(({ items, ...step }) => ({
        ...step,
        items: items?.map(({ txHashes: _sent, ...item }) => item),
      })),
    },
  })
  return s
}

const SENT: Hex = `0x${"ab".repeat(32)}`
const SYNCED = `/transactions/${SENT}/synced/v1`
const account = privateKeyToAccount(TEST_PRIVATE_KEY)

/** A listing's approval sent before the page reloaded, then the signature still to do: as localStorage kept it. */
const stored = (): ExecutionSnapshot =>
  JSON.parse(
    JSON.stringify({
      status: "running",
      request: blankRequest("list"),
      chainId: TEST_CHAIN.id,
      currentStep: { index: 0, id: "nft-approval", itemIndexes: [0] },
      txHashes: [{ txHash: SENT, chainId: TEST_CHAIN.id }],
      steps: [
        {
          id: "nft-approval",
          action: "Approve NFT contract",
          description: "Each NFT collection you want to trade requires a one-time approval transaction",
          kind: "transaction",
          items: [
            {
              status: "incomplete",
              txHashes: [{ txHash: SENT, chainId: TEST_CHAIN.id }],
              data: {
                from: account.address,
                to: "0x2222222222222222222222222222222222222222",
                data: "0xdeadbeef",
                value: "0",
              },
            },
          ],
        },
        {
          id: "order-signature",
          action: "Authorize listing",
          description: "Sign the listing",
          kind: "signature",
          items: [
            {
              status: "incomplete",
              data: {
                sign: { signatureKind: "eip191", message: "list token 1" },
                post: { endpoint: "/order/v4", method: "POST", body: {} },
              },
            },
          ],
        },
      ],
    }),
  ) as ExecutionSnapshot

/**
 * A wallet over the test key whose transport records every request before it answers it, and answers enough
 * for viem to prepare, sign and send a transaction: a re-send would reach `eth_sendRawTransaction`.
 */
const recordingWallet = (): { wallet: WalletClient; methods: Array<string> } => {
  const provider = memoryProvider(TEST_CHAIN.id, { mined: [SENT], from: account.address })
  const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
  return { wallet, methods: provider.methods }
}

const sends = (methods: ReadonlyArray<string>) =>
  methods.filter((method) => method === "eth_sendTransaction" || method.startsWith("eth_sendRawTransaction"))

const deepFreeze = <A,>(value: A): A => {
  if (typeof value === "object" && value !== null) for (const child of Object.values(value)) deepFreeze(child)
  return Object.freeze(value)
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

describe("useResume", () => {
  it("carries on from a stored snapshot: the sent transaction is confirmed, not sent again, and the rest runs", async () => {
    const { api, wrapper } = withCleanup()
    const synced = gated({ synced: true })
    api.route("GET", SYNCED, synced.responder).route("POST", "/order/v4", { body: { orderId: "0xabc" } })
    const { wallet, methods } = recordingWallet()
    const { result } = renderHook(() => useResume(), { wrapper })
    expect(result.current.status).toBe("idle")

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ snapshot: deepFreeze(stored()), wallet })
    })
    await waitFor(() => expect(api.requestsTo(SYNCED)).toHaveLength(1))
    expect(result.current.status).toBe("pending")
    expect(result.current.progress?.txHashes).toEqual([{ txHash: SENT, chainId: TEST_CHAIN.id }])
    expect(result.current.progress?.steps[0]?.items?.[0]?.status).toBe("incomplete")
    await act(async () => {
      synced.release()
      await pending
    })

    expect(sends(methods)).toEqual([])
    expect(await pending).toBe(true)
    expect(result.current.status).toBe("success")
    expect(result.current.data).toBe(true)
    expect(result.current.error).toBeUndefined()
    expect(result.current.progress?.status).toBe("complete")
    expect(result.current.progress?.steps.map((step) => step.items?.[0]?.status)).toEqual(["complete", "complete"])
    expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5", SYNCED, "/order/v4"])
  })

  it("fails with the executor's typed error when the sent transaction failed", async () => {
    const { api, wrapper } = withCleanup()
    api.route("GET", SYNCED, { body: { status: "failure" } })
    const { result } = renderHook(() => useResume(), { wrapper })

    let resolved: unknown = "unset"
    await act(async () => {
      resolved = await result.current.execute({ snapshot: stored() })
    })

    expect(resolved).toBeUndefined()
    expect(result.current.status).toBe("error")
    expect(result.current.error).toMatchObject({ _tag: "TransactionFailedError", txHash: SENT })
    expect(result.current.progress?.status).toBe("error")
    expect(api.requestsTo("/order/v4")).toHaveLength(0)
  })

  it("abort interrupts the confirmation in flight: the status is error with the reason, nothing more is asked", async () => {
    const { api, wrapper } = withCleanup()
    const synced = hanging()
    api.route("GET", SYNCED, synced.responder)
    const { result } = renderHook(() => useResume(), { wrapper })

    let pending: Promise<unknown> = Promise.resolve()
    act(() => {
      pending = result.current.execute({ snapshot: stored() })
    })
    // The test wallet reads no receipts: the API is asked from one polling interval (2 s on chain 1) on.
    await waitFor(() => expect(api.requestsTo(SYNCED)).toHaveLength(1), { timeout: 8000 })
    await act(async () => {
      result.current.abort()
      await pending
    })

    expect(synced.state.interrupted).toBe(true)
    expect(result.current.status).toBe("error")
    expect(result.current.error).toMatchObject({ _tag: "ExecutionAbortedError", reason: { name: "AbortError" } })
    expect(api.requestsTo("/order/v4")).toHaveLength(0)
  })

  it("unmounting the component aborts the resumed execution", async () => {
    const { api, wrapper } = withCleanup()
    const synced = hanging()
    api.route("GET", SYNCED, synced.responder)
    const { result, unmount } = renderHook(() => useResume(), { wrapper })

    act(() => {
      void result.current.execute({ snapshot: stored() })
    })
    await waitFor(() => expect(api.requestsTo(SYNCED)).toHaveLength(1), { timeout: 8000 })
    unmount()

    await waitFor(() => expect(synced.state.interrupted).toBe(true))
  })
})
