import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query"
import { act, renderHook, waitFor } from "@testing-library/react"
import { Effect } from "effect"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { ExecutionSnapshot } from "../../src/pipeline/ExecutionSnapshot.js"
import type { FacadeActionName } from "../../src/react/index.js"
import * as query from "../../src/react/query.js"
import { buyTokenMutationOptions, cancelOrderMutationOptions } from "../../src/react/query.js"
import { minedWallet, routeSale } from "./buyRoutes.js"
import { listing, setup } from "./fixtures.js"

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const withCleanup = () => {
  const s = setup()
  cleanups.push(() => s.client.dispose())
  const queryClient = new QueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { ...s, wrapper }
}

const buyVariables = { items: [{ token: listing.token, quantity: 1 }] }

describe("TanStack Query mutation options", () => {
  it("useMutation(buyTokenMutationOptions(client, wallet)) carries a buy through against the fake API", async () => {
    const { api, client, wrapper } = withCleanup()
    routeSale(api)
    const { wallet, sent } = minedWallet()
    const snapshots: Array<ExecutionSnapshot> = []
    const { result } = renderHook(() => useMutation(buyTokenMutationOptions(client, wallet)), { wrapper })

    act(() => result.current.mutate({ ...buyVariables, onSnapshot: (snapshot) => void snapshots.push(snapshot) }))

    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toBe(true)
    expect(sent).toHaveLength(1)
    expect(snapshots.at(-1)?.status).toBe("complete")
    expect(api.requests.map((request) => request.path)).toEqual(
      expect.arrayContaining(["/execute/buy/v7", "/transfers/bulk/v2"]),
    )
  })

  it("a failed mutation's error is the action's typed error", async () => {
    const { api, client, wallet, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", { status: 400, body: { message: "Token is not listed", statusCode: 400 } })
    const { result } = renderHook(() => useMutation(buyTokenMutationOptions(client, wallet)), { wrapper })

    act(() => result.current.mutate(buyVariables))

    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ _tag: "APIError", message: "Token is not listed" })
  })

  it("the variables' wallet wins over the options'", async () => {
    const { client, wallet } = withCleanup()
    const other = minedWallet().wallet
    const cancel = vi.spyOn(client.actions, "cancelOrder").mockResolvedValue(true)

    await cancelOrderMutationOptions(client, wallet).mutationFn({ ids: ["0xabc"], wallet: other })

    expect(cancel).toHaveBeenCalledWith({ ids: ["0xabc"], wallet: other })
  })

  it("with no wallet at all, the mutation fails with NoWalletError and makes no request", async () => {
    const { api, client, wrapper } = withCleanup()
    const { result } = renderHook(() => useMutation(cancelOrderMutationOptions(client)), { wrapper })

    act(() => result.current.mutate({ ids: ["0xabc"] }))

    await waitFor(() => expect(result.current.error).toMatchObject({ _tag: "NoWalletError" }))
    expect(api.requests).toEqual([])
  })

  it("aborting the variables' signal fails the mutation with ExecutionAbortedError", async () => {
    const { api, client, wallet, wrapper } = withCleanup()
    api.route("POST", "/execute/buy/v7", () => Effect.never)
    const controller = new AbortController()
    const { result } = renderHook(() => useMutation(buyTokenMutationOptions(client, wallet)), { wrapper })
    act(() => result.current.mutate({ ...buyVariables, signal: controller.signal }))
    await waitFor(() => expect(api.requestsTo("/execute/buy/v7")).toHaveLength(1))

    act(() => controller.abort("left the page"))

    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ _tag: "ExecutionAbortedError", reason: "left the page" })
  })

  it.each([
    ["buyToken", "buyTokenMutationOptions"],
    ["acceptOffer", "acceptOfferMutationOptions"],
    ["mintToken", "mintTokenMutationOptions"],
    ["listToken", "listTokenMutationOptions"],
    ["placeBid", "placeBidMutationOptions"],
    ["cancelOrder", "cancelOrderMutationOptions"],
    ["transferTokens", "transferTokensMutationOptions"],
    ["call", "callMutationOptions"],
  ] as const)(
    "%s: the key is ['tradekit', '%s'] and mutationFn calls that action with the wallet",
    async (name: FacadeActionName, factory) => {
      const { client, wallet } = withCleanup()
      const action = vi.spyOn(client.actions, name).mockResolvedValue(true as never)

      // The eight option types differ in their variables; what they share is a key and a one-argument mutationFn.
      const options = query[factory](client, wallet) as {
        readonly mutationKey: ReadonlyArray<string>
        readonly mutationFn: (variables: unknown) => Promise<unknown>
      }
      const resolved = await options.mutationFn({ marker: 1 })

      expect(options.mutationKey).toEqual(["tradekit", name])
      expect(resolved).toBe(true)
      expect(action).toHaveBeenCalledWith({ marker: 1, wallet })
    },
  )

  it("no module of tradekit/react loads TanStack Query: it imports its types only", () => {
    const root = join(process.cwd(), "src/react/")
    const files = (dir: string): Array<string> =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      )
    const imports = files(root).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^import (type )?[^;]*?from "(@tanstack\/[^"]+)"/gm)].map(
        ([, type, module]) => ({
          file: file.slice(root.length),
          module,
          typeOnly: type !== undefined,
        }),
      ),
    )
    expect(imports).toEqual([{ file: "query.ts", module: "@tanstack/react-query", typeOnly: true }])
  })
})
