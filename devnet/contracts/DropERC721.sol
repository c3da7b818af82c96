// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetERC721} from "./DevnetERC721.sol";
import {INonFungibleSeaDropToken, PublicDrop, SeaDrop} from "./SeaDrop.sol";

/// @title DropERC721
/// @notice An ERC-721 minted through SeaDrop, like OpenSea's `seadrop_v1_erc721` drops: only the allowed SeaDrop
///         mints (`mintSeaDrop`), up to `maxSupply`. The constructor configures the drop on SeaDrop, which takes its
///         caller as the NFT contract: the public stage, the creator payout address and one allowed fee recipient.
/// @dev The inherited public `mint` has a cap of 0 per wallet, so it always reverts: SeaDrop is the only way in
///      (besides the owner's `adminMint`, which the devnet does not call on this contract).
contract DropERC721 is DevnetERC721, INonFungibleSeaDropToken {
    error OnlyAllowedSeaDrop();
    error MintQuantityExceedsMaxSupply(uint256 total, uint256 maxSupply);

    address public immutable allowedSeaDrop;
    uint256 public immutable maxSupply;

    constructor(
        string memory name_,
        string memory symbol_,
        SeaDrop seaDrop,
        uint256 maxSupply_,
        address creatorPayout,
        address feeRecipient,
        PublicDrop memory publicDrop
    ) DevnetERC721(name_, symbol_, "", 0, 0) {
        allowedSeaDrop = address(seaDrop);
        maxSupply = maxSupply_;
        seaDrop.updatePublicDrop(publicDrop);
        seaDrop.updateCreatorPayoutAddress(creatorPayout);
        seaDrop.updateAllowedFeeRecipient(feeRecipient, true);
    }

    /// @notice Mints `quantity` tokens to `minter`; only the allowed SeaDrop, within the max supply.
    function mintSeaDrop(address minter, uint256 quantity) external {
        if (msg.sender != allowedSeaDrop) revert OnlyAllowedSeaDrop();
        if (totalSupply + quantity > maxSupply) revert MintQuantityExceedsMaxSupply(totalSupply + quantity, maxSupply);
        mintedBy[minter] += quantity;
        _mintMany(minter, quantity);
    }

    /// @notice What SeaDrop checks before a mint: the minter's mints so far, the supply and the max supply.
    function getMintStats(address minter)
        external
        view
        returns (uint256 minterNumMinted, uint256 currentTotalSupply, uint256 maxSupply_)
    {
        return (mintedBy[minter], totalSupply, maxSupply);
    }
}
