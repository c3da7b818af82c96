import { decodeFunctionData, getAddress, toFunctionSelector } from "viem"
import { describe, expect, it } from "vitest"
import { transferHelperAbi, transferHelperCall } from "../../../../src/apis/chain/transferHelperCall.js"

const TO = getAddress("0x00000000000000000000000000000000000000b0")
const NFT = getAddress("0x00000000000000000000000000000000000000a1")
const KEY = `0x${"12".repeat(32)}` as const

describe("transferHelperCall", () => {
  it("is Seaport's published bulkTransfer selector", () => {
    expect(transferHelperCall([], TO, KEY).slice(0, 10)).toBe(
      toFunctionSelector("bulkTransfer(((uint8,address,uint256,uint256)[],address,bool)[],bytes32)"),
    )
  })

  it("sends every item to one recipient through the conduit key, ERC-721s as type 2, ERC-1155s as type 3", () => {
    const item = (tokenId: bigint) => ({ token: `${NFT}:${tokenId}`, contract: NFT, tokenId, quantity: undefined })
    const data = transferHelperCall(
      [
        { item: item(1n), standard: "erc721", quantity: 1n },
        { item: item(2n), standard: "erc1155", quantity: 5n },
      ],
      TO,
      KEY,
    )
    const { args } = decodeFunctionData({ abi: transferHelperAbi, data })
    expect(args).toEqual([
      [
        {
          items: [
            { itemType: 2, token: NFT, identifier: 1n, amount: 1n },
            { itemType: 3, token: NFT, identifier: 2n, amount: 5n },
          ],
          recipient: TO,
          validateERC721Receiver: true,
        },
      ],
      KEY,
    ])
  })
})
