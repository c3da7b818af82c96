import type { Address } from "viem"

const DEPOSITORY: Address = "0x4cD00E387622C35bDDB9b4c962C136462338BC31"
const DEPOSITORY_B: Address = "0x59916DA825D2D2eC1BF878D71c88826F6633ecca"

/**
 * Relay's protocol v2 Depository of each chain, as Relay publishes them (relay-depository
 * `deployments/addresses.prod.json`; docs "Depository addresses"): non-upgradable, no admin withdrawal. A chain not
 * here needs its Depository in `relay({ depositories })`.
 */
export const RELAY_DEPOSITORIES: Readonly<Record<number, Address>> = {
  1: DEPOSITORY,
  10: DEPOSITORY,
  56: DEPOSITORY,
  100: DEPOSITORY,
  130: DEPOSITORY,
  137: DEPOSITORY,
  8453: DEPOSITORY,
  25: DEPOSITORY_B,
  1088: DEPOSITORY_B,
  1101: DEPOSITORY_B,
  2911: DEPOSITORY_B,
  5000: DEPOSITORY_B,
  59144: DEPOSITORY_B,
  167000: DEPOSITORY_B,
}
