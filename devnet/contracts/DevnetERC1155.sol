// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CollectionRoyalty, Strings, IERC165, IERC1155Receiver} from "./Common.sol";

/// @title DevnetERC1155
/// @notice Minimal ERC-1155 for the tradekit devnet's multi-quantity listing flows; supply is owner-minted only.
contract DevnetERC1155 is CollectionRoyalty, IERC165 {
    using Strings for uint256;

    string public name;
    string public symbol;
    string private _baseURI;

    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event TransferSingle(
        address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value
    );
    event TransferBatch(
        address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values
    );
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    constructor(string memory name_, string memory symbol_, string memory baseURI_) {
        name = name_;
        symbol = symbol_;
        _baseURI = baseURI_;
    }

    function uri(uint256 id) external view returns (string memory) {
        return string(abi.encodePacked(_baseURI, id.toString()));
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0xd9b67a26 // ERC-1155
            || interfaceId == 0x0e89341c // ERC-1155 Metadata URI
            || interfaceId == ERC2981_INTERFACE_ID;
    }

    function balanceOf(address account, uint256 id) public view returns (uint256) {
        require(account != address(0), "DevnetERC1155: zero address");
        return _balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids)
        external
        view
        returns (uint256[] memory balances)
    {
        require(accounts.length == ids.length, "DevnetERC1155: length mismatch");
        balances = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) {
            balances[i] = balanceOf(accounts[i], ids[i]);
        }
    }

    function setApprovalForAll(address operator, bool approved) external {
        require(operator != msg.sender, "DevnetERC1155: approve to caller");
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address account, address operator) public view returns (bool) {
        return _operatorApprovals[account][operator];
    }

    /// @notice Owner-only mint for seeding fixtures.
    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        require(to != address(0), "DevnetERC1155: mint to zero address");
        _balances[id][to] += amount;
        emit TransferSingle(msg.sender, address(0), to, id, amount);
        _checkSingle(address(0), to, id, amount, "");
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes calldata data) external {
        _authorize(from, to);
        _move(from, to, id, amount);
        emit TransferSingle(msg.sender, from, to, id, amount);
        _checkSingle(from, to, id, amount, data);
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata amounts,
        bytes calldata data
    ) external {
        require(ids.length == amounts.length, "DevnetERC1155: length mismatch");
        _authorize(from, to);
        for (uint256 i = 0; i < ids.length; i++) {
            _move(from, to, ids[i], amounts[i]);
        }
        emit TransferBatch(msg.sender, from, to, ids, amounts);
        if (to.code.length > 0) {
            try IERC1155Receiver(to).onERC1155BatchReceived(msg.sender, from, ids, amounts, data) returns (
                bytes4 ret
            ) {
                require(ret == IERC1155Receiver.onERC1155BatchReceived.selector, "DevnetERC1155: receiver rejected");
            } catch {
                revert("DevnetERC1155: non-ERC1155Receiver");
            }
        }
    }

    function _authorize(address from, address to) private view {
        require(to != address(0), "DevnetERC1155: transfer to zero address");
        require(from == msg.sender || _operatorApprovals[from][msg.sender], "DevnetERC1155: not authorized");
    }

    function _move(address from, address to, uint256 id, uint256 amount) private {
        uint256 fromBalance = _balances[id][from];
        require(fromBalance >= amount, "DevnetERC1155: insufficient balance");
        unchecked {
            _balances[id][from] = fromBalance - amount;
        }
        _balances[id][to] += amount;
    }

    function _checkSingle(address from, address to, uint256 id, uint256 amount, bytes memory data) private {
        if (to.code.length == 0) return;
        try IERC1155Receiver(to).onERC1155Received(msg.sender, from, id, amount, data) returns (bytes4 ret) {
            require(ret == IERC1155Receiver.onERC1155Received.selector, "DevnetERC1155: receiver rejected");
        } catch {
            revert("DevnetERC1155: non-ERC1155Receiver");
        }
    }
}
