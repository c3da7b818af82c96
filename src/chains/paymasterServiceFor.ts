import type { ChainConfig, PaymasterService } from "./ChainConfig.js"

/** The paymaster service a run is sponsored by: the caller's, none when it passed `false`, else the chain's. */
export const paymasterServiceFor = (
  chain: ChainConfig,
  option: PaymasterService | false | undefined,
): PaymasterService | undefined => (option === false ? undefined : (option ?? chain.paymasterService))
