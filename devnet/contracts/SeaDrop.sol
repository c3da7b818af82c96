// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A drop's public stage, as SeaDrop v1's `PublicDrop` (src/lib/SeaDropStructs.sol) packs it.
struct PublicDrop {
    uint80 mintPrice;
    uint48 startTime;
    uint48 endTime;
    uint16 maxTotalMintableByWallet;
    uint16 feeBps;
    bool restrictFeeRecipients;
}

/// @notice What SeaDrop asks of the token it mints: the part of SeaDrop v1's INonFungibleSeaDropToken a public mint
///         uses.
interface INonFungibleSeaDropToken {
    function mintSeaDrop(address minter, uint256 quantity) external;

    function getMintStats(address minter)
        external
        view
        returns (uint256 minterNumMinted, uint256 currentTotalSupply, uint256 maxSupply);
}

/// @title SeaDrop
/// @notice The devnet's SeaDrop: the public-mint part of SeaDrop v1's published interface (ISeaDrop.sol,
///         SeaDropErrorsAndEvents.sol), written from that interface. A drop contract configures its own public stage,
///         creator payout and fee recipients (msg.sender is the NFT contract); anyone mints while the stage is active,
///         paying `mintPrice * quantity` exactly, split `feeBps` to the fee recipient and the rest to the creator.
/// @dev Allow lists, signed and token-gated mints, and payers other than the minter are not implemented: they revert.
contract SeaDrop {
    error NotActive(uint256 currentTimestamp, uint256 startTimestamp, uint256 endTimestamp);
    error MintQuantityCannotBeZero();
    error MintQuantityExceedsMaxMintedPerWallet(uint256 total, uint256 allowed);
    error MintQuantityExceedsMaxSupply(uint256 total, uint256 maxSupply);
    error FeeRecipientCannotBeZeroAddress();
    error FeeRecipientNotAllowed();
    error FeeRecipientAlreadyAllowed();
    error FeeRecipientNotPresent();
    error CreatorPayoutAddressCannotBeZeroAddress();
    error IncorrectPayment(uint256 got, uint256 want);
    error InvalidFeeBps(uint256 feeBps);
    error PayerNotAllowed();
    error ETHTransferFailed(address recipient, uint256 amount);

    event SeaDropMint(
        address indexed nftContract,
        address indexed minter,
        address indexed feeRecipient,
        address payer,
        uint256 quantityMinted,
        uint256 unitMintPrice,
        uint256 feeBps,
        uint256 dropStageIndex
    );
    event PublicDropUpdated(address indexed nftContract, PublicDrop publicDrop);
    event CreatorPayoutAddressUpdated(address indexed nftContract, address indexed newPayoutAddress);
    event AllowedFeeRecipientUpdated(address indexed nftContract, address indexed feeRecipient, bool indexed allowed);

    mapping(address => PublicDrop) private _publicDrops;
    mapping(address => address) private _creatorPayoutAddresses;
    mapping(address => mapping(address => bool)) private _allowedFeeRecipients;

    /// @notice Mints `quantity` tokens of `nftContract`'s public stage to the caller (`minterIfNotPayer` zero or the
    ///         caller: the devnet allows no other payer).
    function mintPublic(address nftContract, address feeRecipient, address minterIfNotPayer, uint256 quantity)
        external
        payable
    {
        PublicDrop memory drop = _publicDrops[nftContract];
        if (block.timestamp < drop.startTime || block.timestamp > drop.endTime) {
            revert NotActive(block.timestamp, drop.startTime, drop.endTime);
        }
        address minter = minterIfNotPayer == address(0) ? msg.sender : minterIfNotPayer;
        if (minter != msg.sender) revert PayerNotAllowed();
        if (feeRecipient == address(0)) revert FeeRecipientCannotBeZeroAddress();
        if (drop.restrictFeeRecipients && !_allowedFeeRecipients[nftContract][feeRecipient]) {
            revert FeeRecipientNotAllowed();
        }
        uint256 want = uint256(drop.mintPrice) * quantity;
        if (msg.value != want) revert IncorrectPayment(msg.value, want);
        _checkQuantity(nftContract, minter, quantity, drop.maxTotalMintableByWallet);
        INonFungibleSeaDropToken(nftContract).mintSeaDrop(minter, quantity);
        _split(nftContract, feeRecipient, want, drop.feeBps);
        emit SeaDropMint(nftContract, minter, feeRecipient, msg.sender, quantity, drop.mintPrice, drop.feeBps, 0);
    }

    /// @notice The public stage of `nftContract`.
    function getPublicDrop(address nftContract) external view returns (PublicDrop memory) {
        return _publicDrops[nftContract];
    }

    /// @notice Where `nftContract`'s mint proceeds (less the fee) go.
    function getCreatorPayoutAddress(address nftContract) external view returns (address) {
        return _creatorPayoutAddresses[nftContract];
    }

    /// @notice Whether `feeRecipient` may take the fee of `nftContract`'s restricted stages.
    function getFeeRecipientIsAllowed(address nftContract, address feeRecipient) external view returns (bool) {
        return _allowedFeeRecipients[nftContract][feeRecipient];
    }

    /// @notice Sets the caller's (an NFT contract's) public stage.
    function updatePublicDrop(PublicDrop calldata publicDrop) external {
        if (publicDrop.feeBps > 10_000) revert InvalidFeeBps(publicDrop.feeBps);
        _publicDrops[msg.sender] = publicDrop;
        emit PublicDropUpdated(msg.sender, publicDrop);
    }

    /// @notice Sets where the caller's (an NFT contract's) mint proceeds go.
    function updateCreatorPayoutAddress(address payoutAddress) external {
        if (payoutAddress == address(0)) revert CreatorPayoutAddressCannotBeZeroAddress();
        _creatorPayoutAddresses[msg.sender] = payoutAddress;
        emit CreatorPayoutAddressUpdated(msg.sender, payoutAddress);
    }

    /// @notice Allows or disallows a fee recipient for the caller's (an NFT contract's) restricted stages.
    function updateAllowedFeeRecipient(address feeRecipient, bool allowed) external {
        if (feeRecipient == address(0)) revert FeeRecipientCannotBeZeroAddress();
        if (allowed == _allowedFeeRecipients[msg.sender][feeRecipient]) {
            if (allowed) revert FeeRecipientAlreadyAllowed();
            revert FeeRecipientNotPresent();
        }
        _allowedFeeRecipients[msg.sender][feeRecipient] = allowed;
        emit AllowedFeeRecipientUpdated(msg.sender, feeRecipient, allowed);
    }

    function _checkQuantity(address nftContract, address minter, uint256 quantity, uint256 maxPerWallet) private view {
        if (quantity == 0) revert MintQuantityCannotBeZero();
        (uint256 minted, uint256 supply, uint256 maxSupply) =
            INonFungibleSeaDropToken(nftContract).getMintStats(minter);
        if (minted + quantity > maxPerWallet) {
            revert MintQuantityExceedsMaxMintedPerWallet(minted + quantity, maxPerWallet);
        }
        if (supply + quantity > maxSupply) revert MintQuantityExceedsMaxSupply(supply + quantity, maxSupply);
    }

    function _split(address nftContract, address feeRecipient, uint256 amount, uint256 feeBps) private {
        if (amount == 0) return;
        uint256 fee = (amount * feeBps) / 10_000;
        if (fee > 0) _send(feeRecipient, fee);
        address creator = _creatorPayoutAddresses[nftContract];
        if (creator == address(0)) revert CreatorPayoutAddressCannotBeZeroAddress();
        _send(creator, amount - fee);
    }

    function _send(address recipient, uint256 amount) private {
        (bool ok,) = recipient.call{value: amount}("");
        if (!ok) revert ETHTransferFailed(recipient, amount);
    }
}
