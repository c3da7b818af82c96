// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC165, IERC721Receiver, IERC1155Receiver} from "./Common.sol";

/// @title BatchExecutor
/// @notice The EIP-7702 delegate of the devnet's batching wallet: an account that delegates its code here runs
/// a batch of calls in one transaction sent to itself, all of them or none.
/// A batch may also be submitted by someone else who pays its gas (a sponsor, for a paymaster service): then
/// the account's own EIP-712 signature over the calls, a nonce and that submitter authorizes it.
/// @dev Runs as the delegating account's code, so `address(this)` is that account and its storage is the
/// account's. Its one piece of state, the sponsored-batch nonce, sits in a slot derived from a name of its own
/// (as ERC-7201 namespaces do), so it cannot collide with a later delegate's storage.
contract BatchExecutor is IERC165, IERC721Receiver, IERC1155Receiver {
    /// @notice One call of a batch, as EIP-5792's `wallet_sendCalls` lists them.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice `caller` is not the account itself: only the account's own transactions may drive it.
    error Unauthorized(address caller);

    /// @notice The signature over a sponsored batch is not the account's (or was made for other calls, another
    /// nonce, chain or submitter).
    error InvalidSignature();

    /// @notice A sponsored batch carries nonce `given`; the account's next one is `expected` (used, or out of order).
    error InvalidNonce(uint256 expected, uint256 given);

    /// @dev keccak256("tradekit.devnet.BatchExecutor.sponsoredNonce"): where the next sponsored-batch nonce lives.
    bytes32 private constant NONCE_SLOT = keccak256("tradekit.devnet.BatchExecutor.sponsoredNonce");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 private constant SPONSORED_BATCH_TYPEHASH = keccak256(
        "SponsoredBatch(Call[] calls,uint256 nonce,address submitter)Call(address to,uint256 value,bytes data)"
    );
    /// @dev Half the secp256k1 order: a signature with a higher `s` is the malleated twin of a valid one.
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    /// @notice Runs every call in order, from the account. The first failing call reverts the whole batch with
    /// that call's own revert data, so a wallet or a dapp sees the same reason as for a single transaction.
    function execute(Call[] calldata calls) external payable {
        // Without this check anyone could spend a delegated account's assets: the delegate's code runs for
        // every caller of the account's address.
        if (msg.sender != address(this)) revert Unauthorized(msg.sender);
        _run(calls);
    }

    /// @notice Runs a batch another account submits and pays for, as `execute` does, when the account signed it
    /// (EIP-712 `SponsoredBatch`, domain "BatchExecutor" version 1 on this chain, verifying contract the
    /// account). The signature names the calls, the account's next sponsored nonce and the submitter
    /// (`msg.sender`): it cannot be replayed (the nonce moves on), used on another chain or account (the
    /// domain), nor front-run by anyone but the submitter the account chose (the submitter is signed).
    function executeSponsored(Call[] calldata calls, uint256 nonce, bytes calldata signature) external payable {
        uint256 expected = sponsoredNonce();
        if (nonce != expected) revert InvalidNonce(expected, nonce);
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                _domainSeparator(),
                keccak256(abi.encode(SPONSORED_BATCH_TYPEHASH, _hashCalls(calls), nonce, msg.sender))
            )
        );
        if (_recover(digest, signature) != address(this)) revert InvalidSignature();
        bytes32 slot = NONCE_SLOT;
        assembly {
            sstore(slot, add(nonce, 1))
        }
        _run(calls);
    }

    /// @notice The nonce the account's next sponsored batch must carry (0 before the first).
    function sponsoredNonce() public view returns (uint256 nonce) {
        bytes32 slot = NONCE_SLOT;
        assembly {
            nonce := sload(slot)
        }
    }

    function _domainSeparator() private view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("BatchExecutor"), keccak256("1"), block.chainid, address(this))
        );
    }

    /// @dev EIP-712 encoding of `Call[]`: the hash of the concatenated struct hashes.
    function _hashCalls(Call[] calldata calls) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev The signer of a 65-byte (r, s, v) signature; address(0) for a malformed or malleated one.
    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// @dev Runs every call in order; the first failing one reverts the batch with its own revert data.
    function _run(Call[] calldata calls) private {
        for (uint256 i = 0; i < calls.length; i++) {
            Call calldata call = calls[i];
            (bool ok, bytes memory result) = call.to.call{value: call.value}(call.data);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }

    /// @dev A delegated account has code, so token contracts ask it before a safe transfer: accept, as the
    /// plain account did.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC1155Receiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC165).interfaceId || interfaceId == type(IERC721Receiver).interfaceId
            || interfaceId == type(IERC1155Receiver).interfaceId;
    }

    /// @dev Plain ether transfers to the account keep working once it is delegated.
    receive() external payable {}
}
