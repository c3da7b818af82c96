// Type-level specifications: checked by `tsc -p tsconfig.json` (the expectTypeOf calls do nothing at run time);
// the run-time assertions below check that the values behave as their types say.
import { useMutation } from "@tanstack/react-query"
import { describe, expect, expectTypeOf, it } from "vitest"
import type { APIError, ExecutionInProgressError, NoOrderIdsError, UserRejectedError } from "../../src/errors/index.js"
import {
  type ActionHookData,
  type ActionHookError,
  type ActionHookResult,
  ExecutionAbortedError,
  type FacadeActionName,
  NoWalletError,
  type UseResumeErrorType,
} from "../../src/react/index.js"
import { type ActionMutationError, buyTokenMutationOptions } from "../../src/react/query.js"

/** True when every member of the union `E` has a literal `_tag`, so that checking `_tag` narrows it. */
type PurelyTagged<E> = [E] extends [{ readonly _tag: infer T }]
  ? T extends string
    ? string extends T
      ? false
      : true
    : false
  : false

describe("the error types", () => {
  it("are unions of tagged errors only, for every action, useResume and the mutation options", () => {
    expectTypeOf<PurelyTagged<ActionHookError<FacadeActionName>>>().toEqualTypeOf<true>()
    expectTypeOf<PurelyTagged<ActionHookError<"buyToken">>>().toEqualTypeOf<true>()
    expectTypeOf<PurelyTagged<ActionHookError<"cancelOrder">>>().toEqualTypeOf<true>()
    expectTypeOf<PurelyTagged<UseResumeErrorType>>().toEqualTypeOf<true>()
    expectTypeOf<PurelyTagged<ActionMutationError<"call">>>().toEqualTypeOf<true>()
    // The check itself can fail: a plain Error in the union has no literal tag.
    expectTypeOf<PurelyTagged<ActionHookError<"buyToken"> | Error>>().toEqualTypeOf<false>()
  })

  it("are one definition: a hook's error is its mutation's, plus only the hook's own refusal", () => {
    expectTypeOf<ActionHookError<"buyToken">>().toEqualTypeOf<
      ActionMutationError<"buyToken"> | ExecutionInProgressError
    >()
    expectTypeOf<ActionHookError<"call">>().toEqualTypeOf<ActionMutationError<"call"> | ExecutionInProgressError>()
    expectTypeOf<Exclude<ActionHookError<"listToken">, ExecutionInProgressError>>().toEqualTypeOf<
      ActionMutationError<"listToken">
    >()
  })

  it("narrow by _tag, with no `in` check first", () => {
    const describeError = (error: ActionHookError<"cancelOrder"> | undefined): string => {
      if (error?._tag === "NoOrderIdsError") {
        expectTypeOf(error).toEqualTypeOf<NoOrderIdsError>()
        return "no ids"
      }
      if (error?._tag === "ExecutionAbortedError") {
        expectTypeOf(error).toEqualTypeOf<ExecutionAbortedError>()
        expectTypeOf(error.reason).toBeUnknown()
        return "aborted"
      }
      if (error?._tag === "NoWalletError") {
        expectTypeOf(error).toEqualTypeOf<NoWalletError>()
        return "connect"
      }
      if (error?._tag === "UserRejectedError") {
        expectTypeOf(error).toEqualTypeOf<UserRejectedError>()
        return "rejected"
      }
      if (error?._tag === "ExecutionInProgressError") {
        expectTypeOf(error).toEqualTypeOf<ExecutionInProgressError>()
        return "busy"
      }
      return error?.message ?? "none"
    }

    expect(describeError(new ExecutionAbortedError({ reason: "stop" }))).toBe("aborted")
    expect(describeError(new NoWalletError())).toBe("connect")
    expect(describeError(undefined)).toBe("none")
  })

  it("the tagged errors of tradekit/react are Errors whose name is their tag", () => {
    const aborted = new ExecutionAbortedError({ reason: "stop" })
    expect(aborted).toBeInstanceOf(Error)
    expect({ tag: aborted._tag, name: aborted.name, message: aborted.message, reason: aborted.reason }).toEqual({
      tag: "ExecutionAbortedError",
      name: "ExecutionAbortedError",
      message: "The execution was aborted",
      reason: "stop",
    })
    const noWallet = new NoWalletError()
    expect(noWallet).toBeInstanceOf(Error)
    expect([noWallet._tag, noWallet.name]).toEqual(["NoWalletError", "NoWalletError"])
  })
})

describe("the hook result's types", () => {
  it("narrow data, error and variables by status", () => {
    const render = (hook: ActionHookResult<"buyToken">) => {
      if (hook.status === "success") {
        expectTypeOf(hook.data).toEqualTypeOf<ActionHookData<"buyToken">>()
        expectTypeOf(hook.error).toEqualTypeOf<undefined>()
      }
      if (hook.isError) {
        expectTypeOf(hook.error).toEqualTypeOf<ActionHookError<"buyToken">>()
        expectTypeOf(hook.data).toEqualTypeOf<undefined>()
        if (hook.error._tag === "APIError") expectTypeOf(hook.error).toEqualTypeOf<APIError>()
      }
      if (hook.status === "idle") expectTypeOf(hook.variables).toEqualTypeOf<undefined>()
      if (hook.isPending) expectTypeOf(hook.variables.items).not.toBeUndefined()
    }
    expect(render).toBeTypeOf("function")
  })

  it("give mutateAsync, the callbacks and onSettled the same typed error", () => {
    type Hook = ActionHookResult<"listToken">
    type CallOptions = NonNullable<Parameters<Hook["mutateAsync"]>[1]>
    expectTypeOf<Parameters<NonNullable<CallOptions["onError"]>>[0]>().toEqualTypeOf<ActionHookError<"listToken">>()
    expectTypeOf<
      Parameters<NonNullable<CallOptions["onSettled"]>>[1]
    >().toEqualTypeOf<ActionHookError<"listToken"> | null>()
    expectTypeOf<ReturnType<Hook["mutate"]>>().toEqualTypeOf<void>()
    expectTypeOf<ReturnType<Hook["mutateAsync"]>>().toEqualTypeOf<Promise<ActionHookData<"listToken">>>()
  })

  it("give TanStack's useMutation the typed error and variables of the mutation options", () => {
    const useBuy = (client: Parameters<typeof buyTokenMutationOptions>[0]) => {
      const buy = useMutation(buyTokenMutationOptions(client))
      expectTypeOf(buy.error).toEqualTypeOf<ActionMutationError<"buyToken"> | null>()
      if (buy.error?._tag === "PriceMismatchError")
        expectTypeOf(buy.error.errorData.type).toEqualTypeOf<"price mismatch">()
      expectTypeOf(buy.mutate).parameter(0).toHaveProperty("items")
      return buy
    }
    expect(useBuy).toBeTypeOf("function")
  })
})
