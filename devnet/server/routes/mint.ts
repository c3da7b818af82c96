/**
 * `POST /execute/mint/v1`: a public `mint(to, quantity)` on the collection, paying its mint price. Items are
 * `{collection, quantity}` or `{token: "contract:tokenId"}` (the collection of that token, one unit). Works on
 * either devnet chain.
 */
import { type Address, encodeFunctionData, zeroAddress } from "viem"
import { devnetERC721Abi } from "../../artifacts/index.js"
import { badRequest, type Route } from "../http.js"
import { currencyOf, executeResponse, oneStepPerItem, pathEntry, transactionCheck, txItem } from "../steps.js"
import { address, nonEmptyArray, object, optionalAmount, token } from "../validate.js"

export const mintRoute: Route = {
  method: "POST",
  pattern: "/execute/mint/v1",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const taker = address(body.taker, "taker")
    const chainId = req.chain.chainId
    const wanted = nonEmptyArray(body.items, "items").map((raw, i) => {
      const item = object(raw, `items[${i}]`)
      const collection =
        item.collection !== undefined
          ? address(item.collection, `items[${i}].collection`)
          : token(item.token, `items[${i}].token`).contract
      const quantity = optionalAmount(item.quantity, `items[${i}].quantity`) ?? 1n
      if (quantity === 0n) throw badRequest(`items[${i}].quantity must be positive`)
      return { collection, quantity }
    })
    const eth = currencyOf(ctx, chainId, zeroAddress)
    const mints: { collection: Address; quantity: bigint; price: bigint }[] = []
    for (const { collection, quantity } of wanted) {
      const info = ctx.catalog.collection(chainId, collection)
      if (info === undefined || info.kind !== "erc721")
        throw badRequest(`Collection ${collection} has no public mint on chain ${chainId}`)
      const [minted, max] = await Promise.all([
        req.chain.client.readContract({
          address: collection,
          abi: devnetERC721Abi,
          functionName: "mintedBy",
          args: [taker],
        }),
        req.chain.client.readContract({ address: collection, abi: devnetERC721Abi, functionName: "maxPerWallet" }),
      ])
      if (minted + quantity > max)
        throw badRequest(`Minting ${quantity} would exceed the limit of ${max} per wallet (already minted ${minted})`)
      mints.push({ collection, quantity, price: (info.mintPrice ?? 0n) * quantity })
    }
    const items = mints.map(({ collection, quantity, price }) =>
      txItem(
        {
          from: taker,
          to: collection,
          data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [taker, quantity] }),
          value: price.toString(),
        },
        { check: transactionCheck },
      ),
    )
    return executeResponse(
      oneStepPerItem(
        "sale",
        "Confirm transaction in your wallet",
        "To mint this item you must confirm the transaction and pay the gas fee",
        items,
      ),
      mints.map(({ collection, quantity, price }) => pathEntry(eth, price, { contract: collection, quantity })),
    )
  },
}
