import * as Effect from "effect/Effect"
import type { Address } from "viem"
import {
  ChainNotConfiguredError,
  type MalformedResponseError,
  type OrderCheckError,
  type UnsafeEndpointError,
  WalletAddressMismatchError,
  type WalletCallError,
} from "../errors/index.js"
import type { SignatureStepItem, Step, StepItem } from "../schema/Step.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import { type ExecutionContext, planName } from "./ExecutionContext.js"

/** Why a plan is refused before anything is signed or sent. */
export type PlanError =
  | MalformedResponseError
  | UnsafeEndpointError
  | OrderCheckError
  | ChainNotConfiguredError
  | WalletAddressMismatchError
  | WalletCallError

const checkChain = (ctx: ExecutionContext, chainId: number, what: string) =>
  ctx.config.chains.some((chain) => chain.id === chainId) ? Effect.void : ChainNotConfiguredError.of({ chainId, what })

/**
 * Validates every incomplete item of `steps` that has its data, before any of it is used: a transaction must
 * decode for sending, come from the wallet's account and go to a configured chain; a signature's typed-data
 * domain must name a configured chain; and the order book must accept the item (the Reservoir book: every
 * post and check endpoint resolves under the API it will be sent to). The executor runs it on the first answer before
 * the first wallet call, and on every re-polled
 * answer before it is used, so a refusal means zero signatures and zero sends.
 */
export const validatePlan = (
  ctx: ExecutionContext,
  steps: ReadonlyArray<Step>,
  address: Effect.Effect<Address, WalletCallError>,
): Effect.Effect<void, PlanError> =>
  Effect.forEach(
    steps,
    (step) =>
      Effect.forEach(
        (step.items ?? []) as ReadonlyArray<StepItem>,
        (item) =>
          Effect.gen(function* () {
            if (item.status !== "incomplete" || item.data === undefined) return
            if (step.kind === "transaction") {
              const request = yield* decodeApiBody(TransactionRequest, planName(ctx), item.data)
              const chainId = request.chainId ?? ctx.chain.id
              yield* checkChain(ctx, chainId, "a transaction")
              const wallet = yield* address
              if (request.from.toLowerCase() !== wallet.toLowerCase())
                return yield* WalletAddressMismatchError.of({ expected: wallet, received: request.from })
              yield* ctx.bookFor(chainId).checkItem(step, item)
              return
            }
            const data = (item as SignatureStepItem).data
            const sign = data?.sign
            if (sign?.signatureKind === "eip712" && sign.domain.chainId !== undefined) {
              yield* checkChain(ctx, Number(sign.domain.chainId), "typed data")
            }
            yield* ctx.book.checkItem(step, item)
          }),
        { discard: true },
      ),
    { discard: true },
  )
