import type { Account, Chain, Client, Transport } from "viem"

/**
 * A viem client that reaches the user's wallet: a `WalletClient` (wagmi's `useWalletClient`), or a bare client
 * such as wagmi's `useConnectorClient`, which keeps viem's wallet actions out of the page.
 */
export type ViemWalletClient = Client<Transport, Chain | undefined, Account | undefined>
