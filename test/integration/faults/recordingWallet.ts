/**
 * A Wallet wrapper for the fault suite: counts `sendTransaction` calls per step item, checks that every
 * signature and transaction is over data that decodes as a step item and is that item's own data, and can
 * inject a chain fault (drop or speed-up replacement) on the first transaction sent while armed.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import type { Devnet } from "../../../devnet/index.js"
import { SignatureStepItem, TransactionStepItem } from "../../../src/schema/Step.js"
import type { StepContext, WalletService } from "../../../src/services/Wallet.js"

/** A chain fault applied to the first transaction of an action. */
export type ChainFault = "drop" | "replace"

/** What the wrapper saw over the whole suite. */
export interface WalletRecord {
  /** Sends per `action:stepId:itemIndex`. */
  readonly sendsPerItem: Map<string, number>
  /** Wallet calls whose data did not decode as its step item, or was not the item's data. */
  readonly undecodableSignatures: Array<string>
  /** Every transaction hash sent per action index (the wallet's own hashes, before any replacement). */
  readonly sentByAction: Map<number, Array<Hex>>
  readonly chainFaults: Array<{
    readonly action: number
    readonly fault: ChainFault
    readonly hash: Hex
    readonly replacement?: Hex
  }>
}

export const makeWalletRecord = (): WalletRecord => ({
  sendsPerItem: new Map(),
  undecodableSignatures: [],
  sentByAction: new Map(),
  chainFaults: [],
})

const itemIndexOf = (context: StepContext): number => {
  const data = JSON.stringify(context.item.data)
  return (context.step.items ?? []).findIndex((item) => JSON.stringify(item.data) === data)
}

const decodesAs = (schema: Schema.Decoder<unknown>, value: unknown): boolean =>
  Result.isSuccess(Schema.decodeUnknownResult(schema)(value))

/**
 * Wraps `inner` for action number `action`; both ways of sending (`sendTransaction`, `sendTransactionSync`) are
 * checked, counted and faulted alike. `armed` is read at the first send: when set, that transaction is
 * dropped from the pool or sped up by the devnet (automine must be off for the action), then automine is
 * turned back on.
 */
export const recordingWallet = (
  inner: WalletService,
  record: WalletRecord,
  action: number,
  devnet: Devnet,
  armed: { fault: ChainFault | undefined },
): WalletService => {
  const refuse = (what: string, context: StepContext) =>
    Effect.sync(() => record.undecodableSignatures.push(`action ${action}: ${what} for step ${context.step.id}`))
  const checkAndCount = (args: Parameters<WalletService["sendTransaction"]>[0]) =>
    Effect.gen(function* () {
      const data = args.context.item.data as { to?: string; data?: string } | undefined
      if (
        !decodesAs(TransactionStepItem, args.context.item) ||
        data?.to !== args.request.to ||
        data?.data !== args.request.data
      ) {
        yield* refuse("sendTransaction", args.context)
      }
      const key = `${action}:${args.context.step.id}:${itemIndexOf(args.context)}`
      record.sendsPerItem.set(key, (record.sendsPerItem.get(key) ?? 0) + 1)
    })
  const afterSend = (chainId: number, hash: Hex) =>
    Effect.gen(function* () {
      record.sentByAction.set(action, [...(record.sentByAction.get(action) ?? []), hash])
      const fault = armed.fault
      if (fault === undefined) return
      armed.fault = undefined
      yield* Effect.promise(async () => {
        if (fault === "drop") {
          await devnet.faults.dropTransaction(chainId, hash)
          record.chainFaults.push({ action, fault, hash })
        } else {
          const replacement = await devnet.faults.replaceTransaction(chainId, hash)
          record.chainFaults.push({ action, fault, hash, replacement })
        }
        await devnet.faults.setAutomine(chainId, true)
        await devnet.faults.mine(chainId)
      })
    })
  return {
    ...inner,
    signMessage: (args) =>
      Effect.gen(function* () {
        const sign = (args.context.item.data as { sign?: { message?: string } } | undefined)?.sign
        const text = typeof args.message === "string" ? args.message : (args.message as { raw: string }).raw
        if (!decodesAs(SignatureStepItem, args.context.item) || sign?.message !== text)
          yield* refuse("signMessage", args.context)
        return yield* inner.signMessage(args)
      }),
    signTypedData: (args) =>
      Effect.gen(function* () {
        const sign = (args.context.item.data as { sign?: { value?: unknown } } | undefined)?.sign
        if (
          !decodesAs(SignatureStepItem, args.context.item) ||
          JSON.stringify(sign?.value) !== JSON.stringify(args.typedData.message)
        ) {
          yield* refuse("signTypedData", args.context)
        }
        return yield* inner.signTypedData(args)
      }),
    sendTransaction: (args) =>
      Effect.gen(function* () {
        yield* checkAndCount(args)
        const hash = yield* inner.sendTransaction(args)
        if (hash !== undefined) yield* afterSend(args.chain.id, hash)
        return hash
      }),
    // A send that asks for its receipt in the same call is a send like the other: checked, counted, faulted.
    ...(inner.sendTransactionSync === undefined
      ? {}
      : {
          sendTransactionSync: (args) =>
            Effect.gen(function* () {
              yield* checkAndCount(args)
              const sent = yield* inner.sendTransactionSync!(args)
              yield* afterSend(args.chain.id, sent.hash)
              return sent
            }),
        }),
  }
}
