import * as Effect from "effect/Effect"
import { type Address, type Chain, createPublicClient, fallback, type Hex, http, type Transport } from "viem"
import type { Step, StepItem } from "../schema/Step.js"
import { WalletError } from "../errors/index.js"
import { walletCall } from "./internal/walletFailure.js"
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

/** Reads the chain over the wallet's own transport when it has one, else over the chain's public RPC. */
const publicClientOf = (wallet: ReservoirWallet, chain: Chain) =>
  createPublicClient({ chain, transport: wallet.transport ? fallback([wallet.transport, http()]) : http() })

/** Adapts a reservoir-sdk 2.0.x wallet to the Wallet service. Receipts are read over its transport, else the chain's RPC. */
export const fromReservoirWallet = (wallet: ReservoirWallet, receiptPollingInterval = 1000): WalletService => ({
  address: walletCall("address", () => wallet.address()).pipe(Effect.map((address) => address as Address)),
  signMessage: ({ context }) =>
    walletCall("signMessage", () => wallet.handleSignMessageStep(context.item, context.step)).pipe(
      Effect.map((signature) => (signature ?? "0x") as Hex),
    ),
  signTypedData: ({ context }) =>
    walletCall("signTypedData", () => wallet.handleSignMessageStep(context.item, context.step)).pipe(
      Effect.map((signature) => (signature ?? "0x") as Hex),
    ),
  sendTransaction: ({ chain, context }) =>
    walletCall("sendTransaction", () => wallet.handleSendTransactionStep(chain.id, context.item, context.step)).pipe(
      Effect.map((hash) => hash as Hex | undefined),
    ),
  chainId: Effect.fail(new WalletError({ operation: "chainId", message: "The older SDK's wallet shape does not tell its chain" })),
  blockNumber: (chain) => walletCall("getBlockNumber", () => publicClientOf(wallet, chain).getBlockNumber({ cacheTime: 0 })),
  waitForReceipt: ({ chain, hash }) => watchReceipt(publicClientOf(wallet, chain), hash, receiptPollingInterval),
})
