/** A wrap goes out only as `deposit()` into the chain's wrapped native token. */
import { encodeFunctionData, erc20Abi, parseEther } from "viem"
import { describe, expect, it } from "vitest"
import { checkWrap } from "../../../../../src/apis/opensea/seaport/checkWrap.js"
import { refusal, stranger, weth } from "./fixtures.js"

const deposit = { to: weth, value: parseEther("0.1"), data: "0xd0e30db0" as const }

describe("checkWrap", () => {
  it("lets through deposit() into the chain's wrapped native token", () => {
    expect(refusal(checkWrap(deposit, weth))).toBeUndefined()
    expect(refusal(checkWrap({ ...deposit, data: "0xD0E30DB0" }, weth))).toBeUndefined()
  })

  it("wrap: refuses another target", () => {
    expect(refusal(checkWrap({ ...deposit, to: stranger }, weth))).toBe("wrap")
  })

  it("wrap: refuses another call, or deposit() with bytes after it", () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [stranger, 1n] })
    expect(refusal(checkWrap({ ...deposit, data: transfer }, weth))).toBe("wrap")
    expect(refusal(checkWrap({ ...deposit, data: `${deposit.data}00` }, weth))).toBe("wrap")
  })
})
