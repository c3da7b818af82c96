import { defineConfig } from "vitest/config"

// vitest 5 declares Node 22+; on Node 20 its reporter calls Map.groupBy (Node 21+) when it prints failed tests, and
// its snapshot and watch code call Object.groupBy and Promise.withResolvers. The config loads in vitest's own
// process, so these stand-ins, installed only where Node lacks the built-in, cover it.
const groupBy = <K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, Array<T>> => {
  const groups = new Map<K, Array<T>>()
  let index = 0
  for (const item of items) {
    const key = keyOf(item, index++)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [item])
    else group.push(item)
  }
  return groups
}
const builtins = { Map, Object, Promise } as unknown as Record<
  "Map" | "Object" | "Promise",
  { groupBy?: unknown; withResolvers?: unknown }
>
if (typeof builtins.Map.groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", { configurable: true, writable: true, value: groupBy })
}
if (typeof builtins.Object.groupBy !== "function") {
  Object.defineProperty(Object, "groupBy", {
    configurable: true,
    writable: true,
    value: <T>(items: Iterable<T>, keyOf: (item: T, index: number) => PropertyKey) =>
      Object.assign(Object.create(null) as object, Object.fromEntries(groupBy(items, keyOf))),
  })
}
if (typeof builtins.Promise.withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value: <T>() => {
      let resolve!: (value: T | PromiseLike<T>) => void
      let reject!: (reason?: unknown) => void
      const promise = new Promise<T>((res, rej) => {
        resolve = res
        reject = rej
      })
      return { promise, resolve, reject }
    },
  })
}

/** Unit files that replace a module (`vi.mock`): each runs in a fresh module graph of its own. */
const MODULE_MOCKING_TESTS = ["test/unit/apis/opensea/bulkHostile.test.ts"]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/unit/**/*.test.tsx"],
          exclude: MODULE_MOCKING_TESTS,
          environment: "node",
          // Most of a unit file's time is importing Effect, viem and tradekit: one import per worker, not per file.
          isolate: false,
        },
      },
      {
        test: { name: "unit-isolated", include: MODULE_MOCKING_TESTS, environment: "node" },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      { test: { name: "react", include: ["test/react/**/*.test.tsx"], environment: "jsdom" } },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**"],
      reporter: ["text-summary", "text"],
    },
  },
})
