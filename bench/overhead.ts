/**
 * The executor's own cost, on the in-memory fakes of `tradekit/testing`: a 1000-item signature step
 * (sign eip191 + post, per item) through `executeSteps`, against a floor that makes the same fake calls in a
 * plain Promise loop; and the heap after 1000 sequential actions, after GC (run with `node --expose-gc`).
 *
 * `node --expose-gc --import tsx bench/overhead.ts [--markdown]`
 */
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { executeSteps } from "../src/pipeline/executeSteps.js"
import { HttpTransport } from "../src/services/HttpTransport.js"
import { makeFakeApi } from "../src/testing/FakeApi.js"
import { makeFakeWallet } from "../src/testing/FakeWallet.js"
import { testLayer } from "../src/testing/testLayer.js"

const ITEMS = 1000
const ACTIONS = 1000

const gc = (globalThis as { gc?: () => void }).gc
const heapMb = () => {
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed / 2 ** 20
}

/** A signature step of `n` items, each with a message to sign and a post. */
const stepOf = (n: number) => ({
  id: "order-signature",
  action: "Sign",
  description: "Sign",
  kind: "signature",
  items: Array.from({ length: n }, (_, i) => ({
    status: "incomplete",
    data: {
      sign: { signatureKind: "eip191", message: `item ${i}` },
      post: { endpoint: "/order/v4", method: "POST", body: { index: i } },
    },
  })),
})

const setup = (n: number) => {
  const api = makeFakeApi()
  const wallet = makeFakeWallet()
  api
    .route("POST", "/execute/list/v5", { body: { steps: [stepOf(n)] } })
    .route("POST", "/order/v4", { body: { orderId: "0x01" } })
  return { api, wallet, layer: testLayer({ api, wallet, options: { synchronousStepItemExecution: true } }) }
}

/** The executor: one execution of a step of `n` items, items one by one (as the floor does them). */
const viaExecutor = async (n: number) => {
  const { layer } = setup(n)
  const t = performance.now()
  await Effect.runPromise(
    executeSteps({ request: { action: "list", params: { maker: zeroAddress, params: [] } } }).pipe(
      Effect.provide(layer),
    ),
  )
  return performance.now() - t
}

/**
 * The floor: the same fake calls (fetch the steps, then per item sign + post) in a plain Promise loop, straight
 * on the fake's HttpTransport and the fake wallet. No ApiClient: its URL building, retry schedule and decoding
 * are tradekit's own work, so they count as overhead, not as floor.
 */
const floor = async (n: number) => {
  const { wallet, api } = setup(n)
  const transport = await Effect.runPromise(Effect.provide(Effect.service(HttpTransport), api.layer))
  const post = (path: string, body: unknown, signature?: string) => {
    const url = new URL(`https://api.test${path}`)
    if (signature !== undefined) url.searchParams.set("signature", signature)
    return Effect.runPromise(
      transport
        .send({ method: "POST", url, headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
        .pipe(Effect.map((response) => JSON.parse(response.body) as unknown)),
    )
  }
  const t = performance.now()
  const response = (await post("/execute/list/v5", {})) as { steps: ReadonlyArray<ReturnType<typeof stepOf>> }
  for (const item of response.steps[0]!.items) {
    const signature = await Effect.runPromise(
      wallet.service.signMessage({ message: item.data.sign.message, context: {} as never } as never),
    )
    await post(item.data.post.endpoint, item.data.post.body, signature)
  }
  return performance.now() - t
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function main() {
  // Warm up both paths (JIT), then measure each three times, interleaved.
  await viaExecutor(50)
  await floor(50)
  const exec: number[] = []
  const base: number[] = []
  for (let i = 0; i < 3; i++) {
    exec.push(await viaExecutor(ITEMS))
    base.push(await floor(ITEMS))
  }
  const execMs = median(exec)
  const floorMs = median(base)

  // Heap over 1000 sequential one-item actions.
  const small = setup(1)
  const one = () =>
    Effect.runPromise(
      executeSteps({ request: { action: "list", params: { maker: zeroAddress, params: [] } } }).pipe(
        Effect.provide(small.layer),
      ),
    )
  for (let i = 0; i < 50; i++) await one()
  const before = heapMb()
  const samples: number[] = []
  for (let i = 1; i <= ACTIONS; i++) {
    await one()
    if (i % 250 === 0) samples.push(heapMb())
  }
  const after = heapMb()
  // The fakes record every request and wallet call: that part of the growth is the test kit's, not the executor's.
  const recorded = small.api.requests.length + small.wallet.calls.length

  const perItem = execMs / ITEMS
  const floorPerItem = floorMs / ITEMS
  const rows = [
    "| measure | value |",
    "| --- | ---: |",
    `| executor, ${ITEMS}-item signature step (sign + post per item, one by one) | ${execMs.toFixed(0)} ms → **${perItem.toFixed(3)} ms/item**, ${Math.round(ITEMS / (execMs / 1000))} items/s |`,
    `| floor: the same fake calls in a plain Promise loop (fake HttpTransport and wallet, no ApiClient) | ${floorMs.toFixed(0)} ms → ${floorPerItem.toFixed(3)} ms/item, ${Math.round(ITEMS / (floorMs / 1000))} items/s |`,
    `| executor overhead over the floor | **${(perItem - floorPerItem).toFixed(3)} ms/item** (ratio ${(execMs / floorMs).toFixed(2)}×) |`,
    `| heap after GC, before → after ${ACTIONS} sequential actions | ${before.toFixed(1)} MB → ${after.toFixed(1)} MB (${(after - before >= 0 ? "+" : "") + (after - before).toFixed(2)} MB; every 250: ${samples.map((s) => s.toFixed(1)).join(", ")}) |`,
    `| of which the fakes' own records (${recorded} requests and wallet calls kept for assertions) | ≈ ${((recorded * 1.2) / 1024).toFixed(1)} MB at ~1.2 KB each (estimate) |`,
    gc === undefined ? "| note | run without --expose-gc: heap figures include garbage |" : "",
  ].filter((line) => line !== "")
  process.stdout.write(`${rows.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
