import type { Address } from "viem"

const ROUTER_V3: Address = "0xb92fe925DC43a0ECdE6c8b1a2709c170Ec4fFf4f"

/**
 * Relay's router of each chain (RelayRouter v3, on the chains with Cancun's opcodes), as Relay publishes it (docs
 * "Contract addresses"; relay-periphery `RelayRouterV3.sol`): its `multicall` makes a cross-chain call's destination
 * calls, so it is the `msg.sender` a fill bound to its fulfiller must name. A chain not here needs its router in
 * `relay({ routers })`.
 */
export const RELAY_ROUTERS: Readonly<Record<number, Address>> = {
  1: ROUTER_V3,
  10: ROUTER_V3,
  137: ROUTER_V3,
  8453: ROUTER_V3,
  42161: ROUTER_V3,
}
