import { parseAbi } from "viem"

/**
 * What tradekit reads and decodes of SeaDrop v1 (ProjectOpenSea/seadrop `ISeaDrop`): the public mint a drop's
 * answer must be, the public stage that prices it, and the fee recipients it allows.
 */
export const seaDropAbi = parseAbi([
  "function mintPublic(address nftContract, address feeRecipient, address minterIfNotPayer, uint256 quantity) payable",
  "struct PublicDrop { uint80 mintPrice; uint48 startTime; uint48 endTime; uint16 maxTotalMintableByWallet; uint16 feeBps; bool restrictFeeRecipients; }",
  "function getPublicDrop(address nftContract) view returns (PublicDrop)",
  "function getFeeRecipientIsAllowed(address nftContract, address feeRecipient) view returns (bool)",
])
