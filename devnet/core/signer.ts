/**
 * Server-side transaction sending for the devnet's own keys (the Exchange operator, the cross-chain solver).
 * Sends from one key are serialized, so two concurrent requests never race for the same nonce.
 */
import {
  type Chain,
  createWalletClient,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
  type SignedAuthorization,
  type TransactionReceipt,
} from "viem"

/** A key that sends transactions on one chain, one at a time. */
export class ServerSigner {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly wallet

  constructor(
    readonly account: LocalAccount,
    private readonly chain: Chain,
    private readonly client: PublicClient,
  ) {
    this.wallet = createWalletClient({ account, chain, transport: http(chain.rpcUrls.default.http[0]) })
  }

  /**
   * Sends a call (gas estimated by the node, so a call that would revert is refused with its reason), with the
   * EIP-7702 authorizations it carries for other accounts (the paymaster's sponsor submits them).
   */
  send(call: {
    readonly to: Hex
    readonly data: Hex
    readonly value?: bigint
    readonly authorizationList?: ReadonlyArray<SignedAuthorization>
  }): Promise<Hex> {
    const { authorizationList, ...rest } = call
    const sent = this.queue.then(() =>
      this.wallet.sendTransaction({
        account: this.account,
        chain: this.chain,
        ...rest,
        ...(authorizationList !== undefined ? { authorizationList: [...authorizationList] } : {}),
      }),
    )
    this.queue = sent.catch(() => undefined)
    return sent
  }

  /** Sends a call and waits for its receipt. */
  async sendAndWait(call: {
    readonly to: Hex
    readonly data: Hex
    readonly value?: bigint
  }): Promise<TransactionReceipt> {
    const hash = await this.send(call)
    return this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
}
