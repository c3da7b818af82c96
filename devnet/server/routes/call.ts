/**
 * `POST /execute/call/v1` on the DESTINATION chain's API: the user's calls on this chain, paid by one deposit
 * on the origin chain (`Depository.deposit(requestId)`, value = the calls' values + the relayer fee). The
 * solver fills each call through `Solver.fill` once the deposit is indexed; the `cross-chain-intent` check
 * reports `pending` until the fills are indexed, then `success` with their hashes.
 */
import { encodeFunctionData, formatEther, zeroAddress } from "viem"
import { depositoryAbi } from "../../artifacts/index.js"
import { badRequest, type Route } from "../http.js"
import { currencyOf, newRequestId, pathEntry, step, txItem } from "../steps.js"
import { address, amount, hex, nonEmptyArray, object } from "../validate.js"

export const callRoute: Route = {
  method: "POST",
  pattern: "/execute/call/v1",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const user = address(body.user, "user")
    const originChainId = Number(amount(body.originChainId, "originChainId"))
    if (originChainId !== ctx.origin.chainId)
      throw badRequest(`originChainId must be ${ctx.origin.chainId}, the devnet's origin chain`)
    if (req.chain.chainId !== ctx.destination.chainId) {
      throw badRequest(
        `Cross-chain calls are served by the destination chain's API (/chains/${ctx.destination.chainId})`,
      )
    }
    const calls = nonEmptyArray(body.txs, "txs").map((raw, i) => {
      const tx = object(raw, `txs[${i}]`)
      return {
        to: address(tx.to, `txs[${i}].to`),
        data: tx.data === undefined ? ("0x" as const) : hex(tx.data, `txs[${i}].data`),
        value: tx.value === undefined ? 0n : amount(tx.value, `txs[${i}].value`),
      }
    })
    const requestId = newRequestId()
    const fee = ctx.relayerFee
    const total = calls.reduce((sum, c) => sum + c.value, 0n) + fee
    ctx.intents.register({
      requestId,
      user,
      originChainId,
      destinationChainId: req.chain.chainId,
      calls,
      required: total,
    })
    const eth = currencyOf(ctx, req.chain.chainId, zeroAddress)
    return {
      requestId,
      steps: [
        step(
          "deposit",
          "transaction",
          "Confirm transaction in your wallet",
          "Deposit funds on the origin chain; the solver executes your calls on the destination chain",
          [
            txItem(
              {
                from: user,
                to: ctx.contracts.origin.depository,
                data: encodeFunctionData({ abi: depositoryAbi, functionName: "deposit", args: [requestId] }),
                value: total.toString(),
                chainId: originChainId,
              },
              {
                check: {
                  endpoint: "/execute/status/v1",
                  method: "POST",
                  body: { kind: "cross-chain-intent", id: requestId },
                },
              },
            ),
          ],
        ),
      ],
      path: calls.map((c) => pathEntry(eth, c.value, { contract: c.to, quantity: 1n })),
      fees: {
        relayer: {
          currency: { contract: zeroAddress, decimals: 18, symbol: "ETH" },
          amount: { raw: fee.toString(), decimal: Number(formatEther(fee)) },
        },
      },
    }
  },
}
