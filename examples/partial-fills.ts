// A sweep where some items may be gone by the time the user confirms: buy what is left, say what was not.
import type { WalletClient } from "viem"
import { createClient, type ExecutionSnapshot, monad } from "../src/index.js"

const client = createClient({ chains: [{ ...monad, baseApiUrl: "https://indexer.example.com", active: true }] })

/** Buys what it can of `tokens`; tells the user how many were no longer available. */
export const sweep = async (wallet: WalletClient, tokens: ReadonlyArray<string>) => {
  let last: ExecutionSnapshot | undefined
  await client.actions.buyToken({
    items: tokens.map((token) => ({ token })),
    options: { partial: true },
    wallet,
    onSnapshot: (snapshot) => {
      last = snapshot
    },
  })
  const gone = last?.errors?.length ?? 0
  if (gone > 0) notify(`${gone} of ${tokens.length} were no longer available`)
}

declare function notify(message: string): void
