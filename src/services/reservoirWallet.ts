import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type Address, type Chain, type Client, createClient, fallback, type Hex, http, type Transport } from "viem"
import { getBlockNumber } from "viem/actions"
import { getAction } from "viem/utils"
import { type UserRejectedError, WalletError } from "../errors/index.js"
import type { Step, StepItem } from "../schema/Step.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"
import { estimateGasWith, maxFeePerGasWith } from "./internal/estimateGas.js"
import { signatureAnswer } from "./internal/signatureAnswer.js"
import { walletCall, walletFailure } from "./internal/walletFailure.js"
import { watchReceipt } from "./internal/watchReceipt.js"
import type { WalletService } from "./Wallet.js"

/** The wallet shape of reservoir-sdk 2.0.x (`ReservoirWallet`), for apps that wrote their own adapter. */
export interface ReservoirWallet {
  readonly address: () => Promise<string>
  readonly handleSignMessageStep: (item: StepItem, step: Step) => Promise<string | undefined>
  readonly handleSendTransactionStep: (chainId: number, item: StepItem, step: Step) => Promise<string | undefined>
  readonly transport?: Transport
}

/** True when `value` has the older SDK's wallet shape. */
export const isReservoirWallet = (value: unknown): value is ReservoirWallet =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ReservoirWallet).handleSendTransactionStep === "function" &&
  typeof (value as ReservoirWallet).handleSignMessageStep === "function"

/**
 * A client reading the chain over the wallet's own transport when it has one, and over the chain's public RPC
 * when it has one. viem throws when there is neither (`UrlRequiredError`): that is a WalletError of `operation`.
 */
const publicClientOf = (
  wallet: ReservoirWallet,
  chain: Chain,
  operation: string,
): Effect.Effect<Client, UserRejectedError | WalletError> =>
  Effect.try({
    try: () => {
      const transport =
        wallet.transport === undefined
          ? http()
          : chain.rpcUrls.default.http.length > 0
            ? fallback([wallet.transport, http()])
            : wallet.transport
      return createClient({ chain, transport })
    },
    catch: (cause) => walletFailure(operation, cause),
  })

const gasOf = Option.liftThrowable((gas: string | number) => BigInt(gas))

/**
 * The item as the older wallet gets it: with the gas limit that is sent (the caller's override, as a decimal
 * string) when it is not the item's own.
 */
const itemWithGas = (item: StepItem, request: TransactionRequest): StepItem => {
  const data = item.data
  if (request.gas === undefined || data === undefined || !("to" in data)) return item
  const own = data.gas === undefined ? Option.none() : gasOf(data.gas)
  return Option.contains(own, request.gas) ? item : { ...item, data: { ...data, gas: request.gas.toString() } }
}

/**
 * Adapts a reservoir-sdk 2.0.x wallet to the Wallet service. Receipts are read over its transport, else the chain's
 * RPC; transactions are simulated (and their fee estimated) only when it has a transport.
 */
export const fromReservoirWallet = (wallet: ReservoirWallet, receiptPollingInterval = 1000): WalletService => ({
  address: walletCall("address", () => wallet.address()).pipe(Effect.map((address) => address as Address)),
  signMessage: ({ context }) =>
    walletCall("signMessage", () => wallet.handleSignMessageStep(context.item, context.step)).pipe(
      Effect.flatMap(signatureAnswer("signMessage")),
    ),
  signTypedData: ({ context }) =>
    walletCall("signTypedData", () => wallet.handleSignMessageStep(context.item, context.step)).pipe(
      Effect.flatMap(signatureAnswer("signTypedData")),
    ),
  sendTransaction: ({ chain, request, context }) =>
    walletCall("sendTransaction", () =>
      wallet.handleSendTransactionStep(chain.id, itemWithGas(context.item, request), context.step),
    ).pipe(Effect.map((hash) => hash as Hex | undefined)),
  // Simulated only over the wallet's own transport: a public RPC the app did not choose is not asked before a send.
  ...(wallet.transport === undefined
    ? {}
    : {
        estimateGas: ({ chain, request }: { readonly chain: Chain; readonly request: TransactionRequest }) =>
          Effect.flatMap(publicClientOf(wallet, chain, "estimateGas"), (client) => estimateGasWith(client, request)),
        maxFeePerGas: (chain: Chain) =>
          Effect.flatMap(publicClientOf(wallet, chain, "estimateFeesPerGas"), maxFeePerGasWith),
      }),
  chainId: Effect.fail(
    new WalletError({ operation: "chainId", message: "The older SDK's wallet shape does not tell its chain" }),
  ),
  blockNumber: (chain) =>
    Effect.flatMap(publicClientOf(wallet, chain, "getBlockNumber"), (client) =>
      walletCall("getBlockNumber", () => getAction(client, getBlockNumber, "getBlockNumber")({ cacheTime: 0 })),
    ),
  waitForReceipt: ({ chain, hash, sent }) =>
    Effect.flatMap(publicClientOf(wallet, chain, "waitForReceipt"), (client) =>
      watchReceipt(client, hash, receiptPollingInterval, sent),
    ),
})
