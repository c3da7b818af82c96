import { type Abi, decodeErrorResult, type Hex } from "viem"

type AbiError = Extract<Abi[number], { type: "error" }>

/** An ABI error definition from its name and parameter types (compact, and without viem's ABI parser). */
const error = (name: string, ...types: ReadonlyArray<string>): AbiError => ({
  type: "error",
  name,
  inputs: types.map((type) => ({ type, name: "" })),
})

/**
 * The errors tradekit can name: the ERC-6093 standard errors of ERC-20, ERC-721 and ERC-1155; `Error(string)`
 * and `Panic(uint256)` are built into viem's decoder.
 */
const KNOWN_ERRORS: ReadonlyArray<AbiError> = [
  error("ERC20InsufficientBalance", "address", "uint256", "uint256"),
  error("ERC20InvalidSender", "address"),
  error("ERC20InvalidReceiver", "address"),
  error("ERC20InsufficientAllowance", "address", "uint256", "uint256"),
  error("ERC20InvalidApprover", "address"),
  error("ERC20InvalidSpender", "address"),
  error("ERC721InvalidOwner", "address"),
  error("ERC721NonexistentToken", "uint256"),
  error("ERC721IncorrectOwner", "address", "uint256", "address"),
  error("ERC721InvalidSender", "address"),
  error("ERC721InvalidReceiver", "address"),
  error("ERC721InsufficientApproval", "address", "uint256"),
  error("ERC721InvalidApprover", "address"),
  error("ERC721InvalidOperator", "address"),
  error("ERC1155InsufficientBalance", "address", "uint256", "uint256", "uint256"),
  error("ERC1155InvalidSender", "address"),
  error("ERC1155InvalidReceiver", "address"),
  error("ERC1155MissingApprovalForAll", "address", "address"),
  error("ERC1155InvalidApprover", "address"),
  error("ERC1155InvalidOperator", "address"),
  error("ERC1155InvalidArrayLength", "uint256", "uint256"),
]

/** Solidity's panic codes, as viem words them. */
const PANIC_REASONS: Readonly<Record<number, string>> = {
  1: "an `assert` condition failed",
  17: "arithmetic operation resulted in underflow or overflow",
  18: "division or modulo by zero",
  33: "attempted to convert to an invalid type",
  34: "attempted to access a storage byte array that is incorrectly encoded",
  49: "performed `.pop()` on an empty array",
  50: "array index is out of bounds",
  65: "allocated too much memory or created an array which is too large",
  81: "attempted to call a zero-initialized variable of internal function type",
}

const formatArg = (arg: unknown): string => (typeof arg === "string" ? arg : String(arg))

/**
 * A revert in words: `Error(string)`'s message, `Panic: <reason>`, a known custom error as `Name(arg, …)`;
 * else the node's own text; else the raw revert data; else "execution reverted for an unknown reason".
 * @internal
 */
export const revertReason = (data: Hex | undefined, nodeMessage: string | undefined): string => {
  if (data !== undefined && data.length >= 10) {
    try {
      const decoded = decodeErrorResult({ abi: KNOWN_ERRORS, data })
      const args = (decoded.args ?? []) as ReadonlyArray<unknown>
      const name: string = decoded.errorName
      if (name === "Error") return formatArg(args[0])
      if (name === "Panic") {
        const code = Number(args[0])
        return `Panic: ${PANIC_REASONS[code] ?? `code 0x${code.toString(16)}`}`
      }
      return `${name}(${args.map(formatArg).join(", ")})`
    } catch {
      // an error tradekit does not know: the node's text or the raw data say what there is
    }
  }
  if (nodeMessage !== undefined && nodeMessage !== "" && !/^0x[0-9a-f]*$/i.test(nodeMessage)) return nodeMessage
  if (data !== undefined && data !== "0x") return `reverted with data ${data}`
  return "execution reverted for an unknown reason"
}
