// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CollectionRoyalty, Strings, IERC165, IERC721Receiver} from "./Common.sol";

/// @title DevnetERC721
/// @notice Minimal ERC-721 with a paid public mint, used by the tradekit devnet for listing, bid and mint flows.
/// Token ids are sequential and start at 1 so that a zero id never appears as a valid token in client code.
contract DevnetERC721 is CollectionRoyalty, IERC165 {
    using Strings for uint256;

    string public name;
    string public symbol;
    string public baseURI;
    uint256 public immutable mintPrice;
    uint256 public immutable maxPerWallet;

    uint256 public totalSupply;
    /// @notice Public mints credited to each recipient; `adminMint` does not count.
    mapping(address => uint256) public mintedBy;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        uint256 mintPrice_,
        uint256 maxPerWallet_
    ) {
        name = name_;
        symbol = symbol_;
        baseURI = baseURI_;
        mintPrice = mintPrice_;
        maxPerWallet = maxPerWallet_;
    }

    // ---------------------------------------------------------------- minting

    /// @notice Public mint: exactly `mintPrice * quantity` must be sent; the per-wallet cap applies to `to`,
    /// so a relayer (e.g. the cross-chain Solver) can mint on a user's behalf without sharing its own cap.
    function mint(address to, uint256 quantity) external payable {
        require(quantity > 0, "DevnetERC721: zero quantity");
        require(msg.value == mintPrice * quantity, "DevnetERC721: wrong value");
        require(mintedBy[to] + quantity <= maxPerWallet, "DevnetERC721: exceeds max per wallet");
        mintedBy[to] += quantity;
        _mintMany(to, quantity);
    }

    /// @notice Owner-only free mint for seeding fixtures; bypasses price and cap.
    function adminMint(address to, uint256 quantity) external onlyOwner {
        require(quantity > 0, "DevnetERC721: zero quantity");
        _mintMany(to, quantity);
    }

    function withdraw() external onlyOwner {
        (bool ok,) = payable(owner).call{value: address(this).balance}("");
        require(ok, "DevnetERC721: withdraw failed");
    }

    // ---------------------------------------------------------------- views

    function balanceOf(address account) public view returns (uint256) {
        require(account != address(0), "DevnetERC721: zero address");
        return _balances[account];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address tokenOwner = _owners[tokenId];
        require(tokenOwner != address(0), "DevnetERC721: nonexistent token");
        return tokenOwner;
    }

    function getApproved(uint256 tokenId) public view returns (address) {
        ownerOf(tokenId);
        return _tokenApprovals[tokenId];
    }

    function isApprovedForAll(address tokenOwner, address operator) public view returns (bool) {
        return _operatorApprovals[tokenOwner][operator];
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string(abi.encodePacked(baseURI, tokenId.toString()));
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f // ERC-721 Metadata
            || interfaceId == ERC2981_INTERFACE_ID;
    }

    // ---------------------------------------------------------------- approvals

    function approve(address to, uint256 tokenId) external {
        address tokenOwner = ownerOf(tokenId);
        require(
            msg.sender == tokenOwner || _operatorApprovals[tokenOwner][msg.sender], "DevnetERC721: not authorized"
        );
        _tokenApprovals[tokenId] = to;
        emit Approval(tokenOwner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        require(operator != msg.sender, "DevnetERC721: approve to caller");
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    // ---------------------------------------------------------------- transfers

    function transferFrom(address from, address to, uint256 tokenId) public {
        address tokenOwner = ownerOf(tokenId);
        require(tokenOwner == from, "DevnetERC721: wrong from");
        require(to != address(0), "DevnetERC721: transfer to zero address");
        require(
            msg.sender == from || _operatorApprovals[from][msg.sender] || _tokenApprovals[tokenId] == msg.sender,
            "DevnetERC721: not authorized"
        );
        delete _tokenApprovals[tokenId];
        unchecked {
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        _checkReceiver(from, to, tokenId, data);
    }

    // ---------------------------------------------------------------- internals

    function _mintMany(address to, uint256 quantity) internal {
        require(to != address(0), "DevnetERC721: mint to zero address");
        uint256 first = totalSupply + 1;
        totalSupply += quantity;
        unchecked {
            _balances[to] += quantity;
        }
        for (uint256 id = first; id < first + quantity; id++) {
            _owners[id] = to;
            emit Transfer(address(0), to, id);
        }
        // One receiver check per token, after state is final, mirrors OpenZeppelin's _safeMint.
        if (to.code.length > 0) {
            for (uint256 id = first; id < first + quantity; id++) {
                _checkReceiver(address(0), to, id, "");
            }
        }
    }

    function _checkReceiver(address from, address to, uint256 tokenId, bytes memory data) private {
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 ret) {
            require(ret == IERC721Receiver.onERC721Received.selector, "DevnetERC721: receiver rejected");
        } catch {
            revert("DevnetERC721: non-ERC721Receiver");
        }
    }
}
