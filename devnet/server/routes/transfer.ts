/**
 * `POST /execute/transfer/v1`: direct `safeTransferFrom` calls from the owner (no approval needed), one
 * transaction per ERC-721 token and one `safeBatchTransferFrom` per ERC-1155 collection. Items without a
 * `check` are confirmed through `/transactions/{hash}/synced/v1`.
 */
import { type Address, encodeFunctionData } from "viem"
import { devnetERC721Abi, devnetERC1155Abi } from "../../artifacts/index.js"
import { badRequest, type Route } from "../http.js"
import { executeResponse, oneStepPerItem, txItem } from "../steps.js"
import { address, nonEmptyArray, object, optionalAmount, token } from "../validate.js"

export const transferRoute: Route = {
  method: "POST",
  pattern: "/execute/transfer/v1",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const from = address(body.from, "from")
    const to = address(body.to, "to")
    const chainId = req.chain.chainId
    const batches = new Map<Address, { ids: bigint[]; amounts: bigint[] }>()
    const items = []
    for (const [i, raw] of nonEmptyArray(body.items, "items").entries()) {
      const item = object(raw, `items[${i}]`)
      const { contract, tokenId } = token(item.token, `items[${i}].token`)
      const quantity = optionalAmount(item.quantity, `items[${i}].quantity`) ?? 1n
      const collection = ctx.catalog.collection(chainId, contract)
      if (collection === undefined) throw badRequest(`Collection ${contract} is not known on chain ${chainId}`)
      if (collection.kind === "erc721") {
        if (ctx.indexer.ownerOf(chainId, contract, tokenId) !== from)
          throw badRequest(`${from} does not own token ${contract}:${tokenId}`)
        items.push(
          txItem({
            from,
            to: contract,
            data: encodeFunctionData({
              abi: devnetERC721Abi,
              functionName: "safeTransferFrom",
              args: [from, to, tokenId],
            }),
            value: "0",
          }),
        )
      } else {
        if (ctx.indexer.balanceOf(chainId, contract, tokenId, from) < quantity)
          throw badRequest(`${from} holds fewer than ${quantity} of ${contract}:${tokenId}`)
        const batch = batches.get(contract) ?? { ids: [], amounts: [] }
        batch.ids.push(tokenId)
        batch.amounts.push(quantity)
        batches.set(contract, batch)
      }
    }
    for (const [contract, { ids, amounts }] of batches) {
      const data =
        ids.length === 1
          ? encodeFunctionData({
              abi: devnetERC1155Abi,
              functionName: "safeTransferFrom",
              args: [from, to, ids[0]!, amounts[0]!, "0x"],
            })
          : encodeFunctionData({
              abi: devnetERC1155Abi,
              functionName: "safeBatchTransferFrom",
              args: [from, to, ids, amounts, "0x"],
            })
      items.push(txItem({ from, to: contract, data, value: "0" }))
    }
    return executeResponse(
      oneStepPerItem("transfer", "Confirm transaction in your wallet", "Transfer the items", items),
      [],
    )
  },
}
