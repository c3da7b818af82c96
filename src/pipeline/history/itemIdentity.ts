import { keccak256 } from "viem"
import type { Step, StepItem } from "../../schema/Step.js"

/**
 * Where an item stands in the current plan, and who it is. `id` is what the journal knows the item by: for a
 * transaction with its data, what it does (see {@link transactionIdentity}); for any other item, its step's id,
 * that step's occurrence among steps of the same id, and its index (see {@link positionalIdentity}).
 */
export interface ItemRef {
  readonly stepIndex: number
  readonly itemIndex: number
  readonly id: string
}

/**
 * The identity of an item by its place: its step's id, how many earlier steps share that id (an answer may hold
 * one `transfer` step per token), and its index. What a signature item, or a transaction still waiting for its
 * data, is known by; and what journals written before content identities keyed every item by.
 */
export const positionalIdentity = (
  steps: ReadonlyArray<{ readonly id: string }>,
  stepIndex: number,
  itemIndex: number,
): string => {
  const id = steps[stepIndex]?.id ?? ""
  const occurrence = steps.slice(0, stepIndex).filter((step) => step.id === id).length
  return `${id}#${occurrence}:${itemIndex}`
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.toLowerCase() : typeof value === "number" ? String(value) : ""

const amount = (value: unknown): string => {
  if (value === undefined || value === null || value === "") return "0"
  try {
    return BigInt(value as string | number).toString()
  } catch {
    return text(value)
  }
}

/**
 * The identity of a transaction by what it does: its chain, recipient, value and calldata (hashed), so a
 * re-polled plan that renames its steps or inserts one before it still knows it — and never mistakes a new
 * transaction for one already sent. Identical transactions of one plan are told apart by their order
 * (`#0`, `#1`, …), the `occurrence` given here.
 */
export const transactionIdentity = (
  data: Readonly<Record<string, unknown>>,
  defaultChainId: number,
  occurrence: number,
): string => `${transactionContent(data, defaultChainId)}#${occurrence}`

const transactionContent = (data: Readonly<Record<string, unknown>>, defaultChainId: number): string => {
  const chainId = typeof data.chainId === "number" ? data.chainId : defaultChainId
  const calldata = typeof data.data === "string" ? data.data.toLowerCase() : "0x"
  const hashed =
    /^0x[0-9a-f]*$/.test(calldata) && calldata.length % 2 === 0 ? keccak256(calldata as `0x${string}`) : calldata
  return `tx:${chainId}:${text(data.to)}:${amount(data.value)}:${hashed}`
}

/**
 * What the order book knows an item by, when it knows better than the item's bytes (see `ChainOrderBook.itemKey`);
 * undefined leaves the item to its usual identity.
 */
export type ItemKeyOf = (step: Step, item: StepItem) => string | undefined

const cache = new WeakMap<
  ReadonlyArray<Step>,
  {
    readonly chainId: number
    readonly keyOf: ItemKeyOf | undefined
    readonly refs: ReadonlyArray<ReadonlyArray<ItemRef>>
  }
>()

/**
 * Every item of the plan with its identity, per step: `refs[stepIndex][itemIndex]` — the book's key when `keyOf`
 * gives one, else what a transaction does, else its place. Plans are immutable snapshots, so the answer is kept
 * per plan.
 */
export const itemRefsOf = (
  steps: ReadonlyArray<Step>,
  defaultChainId: number,
  keyOf?: ItemKeyOf,
): ReadonlyArray<ReadonlyArray<ItemRef>> => {
  const known = cache.get(steps)
  if (known !== undefined && known.chainId === defaultChainId && known.keyOf === keyOf) return known.refs
  const seen = new Map<string, number>()
  const refs = steps.map((step, stepIndex) =>
    (step.items ?? []).map((item, itemIndex): ItemRef => {
      const data = item.data as Readonly<Record<string, unknown>> | undefined
      const key = keyOf?.(step, item)
      if (key === undefined && (step.kind !== "transaction" || typeof data !== "object" || data === null)) {
        return { stepIndex, itemIndex, id: positionalIdentity(steps, stepIndex, itemIndex) }
      }
      const content = key ?? transactionContent(data!, defaultChainId)
      const occurrence = seen.get(content) ?? 0
      seen.set(content, occurrence + 1)
      return { stepIndex, itemIndex, id: `${content}#${occurrence}` }
    }),
  )
  cache.set(steps, { chainId: defaultChainId, keyOf, refs })
  return refs
}

/** Finds the items of the plan with the given identities; identities no longer in the plan are left out. */
export const refsWithIds = (
  steps: ReadonlyArray<Step>,
  defaultChainId: number,
  ids: ReadonlyArray<string>,
  keyOf?: ItemKeyOf,
): ReadonlyArray<ItemRef> =>
  itemRefsOf(steps, defaultChainId, keyOf)
    .flat()
    .filter((ref) => ids.includes(ref.id))
