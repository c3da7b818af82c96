/**
 * The devnet's accounts: the funded test-mnemonic accounts, each with a role. The deployer, the Exchange
 * operator, the solver and the gas sponsor are separate from the user accounts, so trading as a user never
 * collides with the devnet's own transactions. One more user, past anvil's funded ten, holds no ETH at all.
 */
import { type Address, type Hex, toHex } from "viem"
import type { HDAccount } from "viem/accounts"
import { anvilAccounts } from "./chain/anvil.js"

/** What an account is for. */
export type DevnetRole = "deployer" | "operator" | "solver" | "sponsor" | "user"

/** A funded devnet account. Its key is public (the test mnemonic): never use it anywhere else. */
export interface DevnetAccount {
  readonly role: DevnetRole
  /** Index in the test mnemonic (m/44'/60'/0'/0/index). */
  readonly index: number
  readonly address: Address
  readonly privateKey: Hex
  /** A viem local account, ready for `createWalletClient({ account })`. */
  readonly account: HDAccount
}

/** The devnet's accounts by role. */
export interface DevnetAccounts {
  readonly deployer: DevnetAccount
  readonly operator: DevnetAccount
  readonly solver: DevnetAccount
  /** Pays the gas of the batches the devnet's paymaster service sponsors (index 12, given 1 000 ETH on each chain at start). */
  readonly sponsor: DevnetAccount
  /** Users 1–4 hold the seeded NFTs, WETH and USDC; user 5 holds only ETH (a fresh wallet). */
  readonly users: ReadonlyArray<DevnetAccount>
  /** Holds USDC and no ETH at all (index 11, which anvil does not fund): it can only trade with sponsored gas. */
  readonly usdcOnlyUser: DevnetAccount
}

const USER_INDEXES = [1, 2, 3, 4, 5]
const OPERATOR_INDEX = 8
const SOLVER_INDEX = 9
// Past the ten accounts anvil funds (indexes 6, 7 and 10 are the tests' and the bench's spare accounts): the
// USDC-only user stays without ETH; the sponsor is given its ETH when the devnet starts.
const USDC_ONLY_INDEX = 11
const SPONSOR_INDEX = 12
/** The sponsor's ETH on each chain, set when the devnet starts. */
export const SPONSOR_BALANCE = 10n ** 21n

/** Derives the accounts from the test mnemonic. */
export function devnetAccounts(): DevnetAccounts {
  const hd = anvilAccounts(SPONSOR_INDEX + 1)
  const make = (role: DevnetRole, index: number): DevnetAccount => {
    const account = hd[index]!
    return { role, index, address: account.address, privateKey: toHex(account.getHdKey().privateKey!), account }
  }
  return {
    deployer: make("deployer", 0),
    operator: make("operator", OPERATOR_INDEX),
    solver: make("solver", SOLVER_INDEX),
    sponsor: make("sponsor", SPONSOR_INDEX),
    users: USER_INDEXES.map((i) => make("user", i)),
    usdcOnlyUser: make("user", USDC_ONLY_INDEX),
  }
}
