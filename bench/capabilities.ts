/**
 * Issue 37: what each optional capability costs a page, measured by naming it. The page is a `tradekit/lite` buy
 * (the Promise facade, viem external): once with no capability, once with each alone, once with all; a
 * capability's cost is what it adds to the page with none. (Two capabilities share some modules, such as Effect's
 * Schedule, so the costs alone may add up to a little more than all together.)
 */

/** The capabilities, as `tradekit/lite` exports them. */
export const CAPABILITIES = [
  "statusSocket",
  "batching",
  "simulation",
  "syncSend",
  "priceCheck",
  "resumption",
  "reservoirWallets",
] as const

/** A `tradekit/lite` buy page whose client has `capabilities`. */
export const capabilityPage = (capabilities: ReadonlyArray<string>, chains: string): string =>
  `import { createClient${capabilities.map((name) => `, ${name}`).join("")} } from "tradekit/lite"
declare const wallet: any
const client = createClient({ chains: ${chains}, capabilities: [${capabilities.join(", ")}] })
client.actions.buyToken({ items: [{ token: "0x0000000000000000000000000000000000000001:1" }], wallet })`

/** What one page weighs, minified and gzipped. */
export interface PageSize {
  readonly minified: number
  readonly gzip: number
}

/** A capability's cost: what it adds to the page with none. */
export interface CapabilityWeight extends PageSize {
  readonly capability: string
}

/** The lite buy page with none, each capability's cost, and the page with every one. */
export interface CapabilityWeights {
  readonly none: PageSize
  readonly all: PageSize
  readonly weights: ReadonlyArray<CapabilityWeight>
}

/** Measures the pages with `bundle` and subtracts. */
export const measureCapabilities = async (
  bundle: (source: string, name: string) => Promise<PageSize>,
  chains: string,
): Promise<CapabilityWeights> => {
  const none = await bundle(capabilityPage([], chains), "capabilities-none")
  const weights: Array<CapabilityWeight> = []
  for (const capability of CAPABILITIES) {
    const page = await bundle(capabilityPage([capability], chains), `capability-${capability}`)
    weights.push({ capability, minified: page.minified - none.minified, gzip: page.gzip - none.gzip })
  }
  const all = await bundle(capabilityPage(CAPABILITIES, chains), "capabilities-all")
  return { none, all, weights }
}

/** The budget key of a capability's cost. */
export const capabilityKey = (capability: string): string =>
  `capability ${capability}: added to a tradekit/lite buy page (facade) / viem external`

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The table, as markdown. */
export const capabilityMarkdown = ({ none, all, weights }: CapabilityWeights): string =>
  [
    "| tradekit/lite buy page (facade), viem external | minified | gzip |",
    "| --- | ---: | ---: |",
    `| no capability | ${kb(none.minified)} | **${kb(none.gzip)}** |`,
    ...weights.map((w) => `| + ${w.capability} | +${kb(w.minified)} | **+${kb(w.gzip)}** |`),
    `| every capability (what \`createClient\` from \`tradekit\` has) | ${kb(all.minified)} | **${kb(all.gzip)}** |`,
  ].join("\n")
