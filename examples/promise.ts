// The Promise facade: the same calls as reservoir-sdk 2.0.x.
import type { WalletClient } from "viem"
import { createClient, reservoirChains } from "../src/index.js"

const client = createClient({
  chains: [{ ...reservoirChains.mainnet, active: true }],
  source: "my.app",
  apiKey: "YOUR_API_KEY",
})

client.addEventListener((event, chainId) => {
  if (event.name === "purchase_complete") track("purchase", chainId)
})

/** Buys token 42, showing progress, and stops everything when `signal` aborts. */
export const buyOne = async (wallet: WalletClient, signal: AbortSignal) => {
  const result = await client.actions.buyToken({
    items: [{ token: "0x1111111111111111111111111111111111111111:42", quantity: 1 }],
    wallet,
    expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: 100000000000000000n, currencyDecimals: 18 } },
    // The API also sends steps with no items (no approval needed, say): nothing runs them, so show none.
    onProgress: (steps) =>
      render(
        steps
          .filter((step) => (step.items?.length ?? 0) > 0)
          .map((step) => `${step.action}: ${step.items?.every((i) => i.status === "complete") ? "done" : "…"}`),
      ),
    signal,
  })
  return result === true
}

declare function track(what: string, chainId: number): void
declare function render(lines: ReadonlyArray<string>): void
