import { formatEther, zeroAddress } from "viem"
import type { NetworkFeeTotal } from "../../../src/index.js"
import type { PlaygroundChain } from "../PlaygroundConfig.js"

/** "0.000231 ETH": a fee in wei, in the chain's native currency, to three significant digits. */
export const networkFeeText = (wei: string, chainId: number, chains: ReadonlyArray<PlaygroundChain>): string => {
  const chain = chains.find((c) => c.id === chainId)
  const symbol = chain?.paymentTokens.find((t) => t.address === zeroAddress)?.symbol ?? "ETH"
  return `${Number(Number(formatEther(BigInt(wei))).toPrecision(3))} ${symbol}`
}

/** The precheck's total network fee, shown before the user confirms; says so when some step could not be priced yet. */
export const NetworkFeeLine = ({
  total,
  chains,
}: {
  total: NetworkFeeTotal
  chains: ReadonlyArray<PlaygroundChain>
}) => (
  <div className="network-fee" data-testid="network-fee" data-complete={total.complete}>
    Network fee ≈ {networkFeeText(total.fee, total.chainId, chains)}
    {total.complete ? null : (
      <span className="muted"> (plus steps that can only be priced once earlier ones are done)</span>
    )}
  </div>
)
