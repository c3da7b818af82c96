/**
 * OpenSea's name of each chain it trades on, by chain id: the `{chain}` of its API v2 routes. A chain missing here
 * needs an entry in `openSea({ chainNames })`.
 */
export const OPENSEA_CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: "ethereum",
  10: "optimism",
  56: "bsc",
  137: "matic",
  324: "zksync",
  8453: "base",
  42161: "arbitrum",
  42170: "arbitrum_nova",
  43114: "avalanche",
  59144: "linea",
  81457: "blast",
  7777777: "zora",
  534352: "scroll",
  11155111: "sepolia",
  84532: "base_sepolia",
}
