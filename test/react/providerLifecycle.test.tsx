import { act, render, renderHook, waitFor } from "@testing-library/react"
import { type ReactNode, useEffect } from "react"
import type { Hex } from "viem"
import { createWalletClient, custom } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { ReservoirClient } from "../../src/client/ReservoirClient.js"
import type { ExecutionSnapshot } from "../../src/pipeline/ExecutionSnapshot.js"
import { TradekitProvider, useListToken, useResume, useTradekit } from "../../src/react/index.js"
import { type FakeApi, makeFakeApi } from "../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { blankRequest } from "../support/blankRequest.js"
import { memoryProvider } from "../unit/client/memoryProvider.js"
import { listing, listingSteps, makeWalletClient } from "./fixtures.js"

/** Every client `createClient` made, over the fake API of the test, and whether it was disposed. */
const made = vi.hoisted(() => ({
  clients: [] as Array<{ client: ReservoirClient; disposed: boolean }>,
  api: undefined as FakeApi | undefined,
}))

vi.mock("../../src/client.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/client.js")>()
  const { createClientWithLayer } = await import("../../src/client/createClientWithLayer.js")
  return {
    ...original,
    createClient: (options: Parameters<typeof original.createClient>[0]) => {
      const inner = createClientWithLayer(options, made.api!.layer)
      const entry = { client: inner, disposed: false }
      entry.client = {
        ...inner,
        dispose: () => {
          entry.disposed = true
          return inner.dispose()
        },
      }
      made.clients.push(entry)
      return entry.client
    },
  }
})

beforeEach(() => {
  made.clients = []
  made.api = makeFakeApi()
})
afterEach(async () => {
  await Promise.all(made.clients.map(({ client }) => client.dispose()))
})

/** A provider made from options. StrictMode goes at the root (RTL's `reactStrictMode`): React double-mounts only there. */
const fromOptions = ({ children }: { children: ReactNode }) => (
  <TradekitProvider options={{ chains: [TEST_CHAIN] }} wallet={makeWalletClient()}>
    {children}
  </TradekitProvider>
)

const live = () => made.clients.filter((entry) => !entry.disposed)

describe("TradekitProvider given options", () => {
  it("has its client from the first render on", () => {
    const seen: Array<ReservoirClient | undefined> = []
    renderHook(
      () => {
        seen.push(useTradekit().client)
      },
      { wrapper: fromOptions },
    )

    expect(seen[0]).toBeDefined()
    expect(seen[0]?.chains.map((chain) => chain.id)).toEqual([TEST_CHAIN.id])
    expect(made.clients).toHaveLength(1)
  })

  it("under StrictMode: one live client, the one the hooks see, and every client made is disposed by unmount", async () => {
    made
      .api!.route("POST", "/execute/list/v5", { body: listingSteps })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
    const { result, unmount } = renderHook(() => ({ tradekit: useTradekit(), list: useListToken() }), {
      wrapper: fromOptions,
      reactStrictMode: true,
    })

    await waitFor(() => expect(live()).toHaveLength(1))
    // StrictMode's simulated unmount released the first client; the remount made the one in use.
    expect(made.clients.length).toBeGreaterThanOrEqual(2)
    expect(result.current.tradekit.client).toBe(live()[0]!.client)
    await act(async () => {
      await result.current.list.mutateAsync({ listings: [listing] })
    })
    expect(result.current.list.status).toBe("success")

    unmount()

    expect(live()).toEqual([])
  })
})

describe("TradekitProvider given options, after it unmounted", () => {
  it("a client read from a context value kept past unmount is disposed at once, and a mutate then fails, tagged", async () => {
    const { result, unmount } = renderHook(() => ({ tradekit: useTradekit(), list: useListToken() }), {
      wrapper: fromOptions,
    })
    const { tradekit, list } = result.current
    unmount()
    expect(live()).toEqual([])

    const before = made.clients.length
    const late = tradekit.client
    expect(made.clients).toHaveLength(before + 1)
    await Promise.resolve()
    expect(made.clients.at(-1)?.disposed).toBe(true)
    // What was asked of it before the release waits for it, so it rejects too and sends nothing.
    expect(
      await late.actions
        .listToken({ listings: [listing], wallet: undefined as never })
        .catch((error: Error) => error.message),
    ).toBe("The client was disposed")

    const rejection = await list.mutateAsync({ listings: [listing] }).catch((error: unknown) => error)
    expect(rejection).toMatchObject({ _tag: "UnknownError" })
    expect(live()).toEqual([])
    expect(made.api!.requests).toEqual([])
  })
})

const SENT: Hex = `0x${"ab".repeat(32)}`
const account = privateKeyToAccount(TEST_PRIVATE_KEY)

/** A listing's approval sent before the page reloaded, then its signature still to do: as localStorage kept it. */
const stored: ExecutionSnapshot = JSON.parse(
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
        description: "Approve",
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

/** Resumes the stored execution as soon as it mounts, as useResume's documentation shows. */
const ResumeOnMount = () => {
  const { mutate, status, error } = useResume()
  useEffect(() => {
    const provider = memoryProvider(TEST_CHAIN.id, { mined: [SENT], from: account.address })
    mutate({ snapshot: stored, wallet: createWalletClient({ account, chain: mainnet, transport: custom(provider) }) })
  }, [mutate])
  return <p role="status">{error === undefined ? status : `${status}: ${error.message}`}</p>
}

describe("useResume started on mount", () => {
  it.each([
    ["", false],
    [" under StrictMode", true],
  ])("resumes the stored execution to the end%s", async (_name, strict) => {
    // A resume asks the API for the plan again: the approval (sent, not yet indexed) and the signature.
    made
      .api!.route("POST", "/execute/list/v5", { body: { steps: stored.steps } })
      .route("GET", `/transactions/${SENT}/synced/v1`, { body: { synced: true } })
      .route("POST", "/order/v4", { body: { orderId: "0xabc" } })
    const view = render(<ResumeOnMount />, { wrapper: fromOptions, reactStrictMode: strict })

    await waitFor(() => expect(view.getByRole("status").textContent).toBe("success"))
    expect(made.api!.requestsTo("/order/v4")).toHaveLength(1)
    // Under StrictMode the first client went with the simulated unmount, and the resume ran on the second.
    expect(made.clients.map((entry) => entry.disposed)).toEqual(strict ? [true, false] : [false])
    view.unmount()
    expect(live()).toEqual([])
  })
})
