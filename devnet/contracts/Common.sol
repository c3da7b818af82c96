// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev Shared helpers for the devnet contracts. Kept dependency-free on purpose: the devnet must build
/// offline from solc-js alone, so nothing here comes from OpenZeppelin.
abstract contract Owned {
    address public owner;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Owned: not owner");
        _;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Owned: zero address");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}

/// @dev EIP-2981 with one royalty for the whole collection, set by the owner; none until set. The devnet's
/// list and bid routes read it to put the royalty among the order's fees.
abstract contract CollectionRoyalty is Owned {
    bytes4 internal constant ERC2981_INTERFACE_ID = 0x2a55205a;

    address private _royaltyReceiver;
    uint96 private _royaltyBps;

    event RoyaltySet(address indexed receiver, uint96 bps);

    /// @notice Sets the royalty of every token: `bps` hundredths of a percent of the sale price to `receiver`.
    function setRoyalty(address receiver, uint96 bps) external onlyOwner {
        require(bps <= 10_000, "Royalty: above 100%");
        require(receiver != address(0) || bps == 0, "Royalty: zero receiver");
        _royaltyReceiver = receiver;
        _royaltyBps = bps;
        emit RoyaltySet(receiver, bps);
    }

    function royaltyInfo(uint256, uint256 salePrice) external view returns (address receiver, uint256 royaltyAmount) {
        return (_royaltyReceiver, salePrice * _royaltyBps / 10_000);
    }
}

library Strings {
    function toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory buffer = new bytes(digits);
        while (value != 0) {
            digits--;
            buffer[digits] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(buffer);
    }
}

interface IERC165 {
    function supportsInterface(bytes4 interfaceId) external view returns (bool);
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

interface IERC1155Receiver {
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data)
        external
        returns (bytes4);

    function onERC1155BatchReceived(
        address operator,
        address from,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external returns (bytes4);
}
