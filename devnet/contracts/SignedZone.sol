// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SignedZone
/// @notice The devnet's SIP-7 signed zone for Seaport 1.6: a restricted order naming this zone fills only with
///         `extraData` the zone's signer signed for that order, that fulfiller and a deadline. The devnet's
///         OpenSea server signs it in each fulfilment answer, so an order cancelled off chain (the server stops
///         signing) can no longer be filled by anyone who kept its signature.
/// @dev extraData (SIP-7 substandard encoding): 0x00 (SIP-6 version) | expected fulfiller (20 bytes, zero =
///      anyone) | expiration (uint64) | EIP-2098 compact signature (64 bytes) | context. The signature is
///      EIP-712 `SignedOrder(address fulfiller,uint64 expiration,bytes32 orderHash,bytes context)` in the domain
///      `{ name: "SignedZone", version: "1.0", chainId, verifyingContract: this }`. Context substandard 0x01 is
///      followed by 32 bytes: the identifier the order's first consideration item must resolve to (a criteria
///      offer, signed for the token being sold); 0x00 pins nothing.

struct SpentItem {
    uint8 itemType;
    address token;
    uint256 identifier;
    uint256 amount;
}

struct ReceivedItem {
    uint8 itemType;
    address token;
    uint256 identifier;
    uint256 amount;
    address payable recipient;
}

struct ZoneParameters {
    bytes32 orderHash;
    address fulfiller;
    address offerer;
    SpentItem[] offer;
    ReceivedItem[] consideration;
    bytes extraData;
    bytes32[] orderHashes;
    uint256 startTime;
    uint256 endTime;
    bytes32 zoneHash;
}

struct Schema {
    uint256 id;
    bytes metadata;
}

contract SignedZone {
    error InvalidExtraData(string reason);
    error InvalidFulfiller(address expected, address actual);
    error SignatureExpired(uint256 expiration, bytes32 orderHash);
    error InvalidSigner(address recovered);
    error InvalidSubstandard(uint8 substandard);
    error IdentifierMismatch(uint256 expected, uint256 actual);

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant SIGNED_ORDER_TYPEHASH =
        keccak256("SignedOrder(address fulfiller,uint64 expiration,bytes32 orderHash,bytes context)");
    uint256 private constant HEADER = 93; // version + fulfiller + expiration + signature

    /// @notice The key whose signatures authorise fills.
    address public immutable signer;

    constructor(address signer_) {
        signer = signer_;
    }

    /// @notice Called by Seaport before the transfers of a restricted order: the fill must carry valid extraData.
    function authorizeOrder(ZoneParameters calldata zoneParameters) external view returns (bytes4) {
        _check(zoneParameters);
        return this.authorizeOrder.selector;
    }

    /// @notice Called by Seaport after the transfers: the same check, so neither hook can be skipped.
    function validateOrder(ZoneParameters calldata zoneParameters) external view returns (bytes4) {
        _check(zoneParameters);
        return this.validateOrder.selector;
    }

    /// @notice SIP-5 metadata: SIP-7 (schema 7).
    function getSeaportMetadata() external pure returns (string memory name, Schema[] memory schemas) {
        schemas = new Schema[](1);
        schemas[0] = Schema({ id: 7, metadata: "" });
        return ("SignedZone", schemas);
    }

    /// @notice ERC-165: ZoneInterface (authorizeOrder ^ validateOrder ^ getSeaportMetadata ^ supportsInterface's own id).
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == this.authorizeOrder.selector ^ this.validateOrder.selector
            ^ this.getSeaportMetadata.selector ^ 0x01ffc9a7;
    }

    /// @notice The EIP-712 domain separator the server signs in.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("SignedZone"), keccak256("1.0"), block.chainid, address(this)));
    }

    function _check(ZoneParameters calldata p) private view {
        bytes calldata extraData = p.extraData;
        if (extraData.length < HEADER + 1) revert InvalidExtraData("shorter than the SIP-7 header and a substandard");
        if (extraData[0] != 0x00) revert InvalidExtraData("SIP-6 version must be 0");
        address expected = address(bytes20(extraData[1:21]));
        uint64 expiration = uint64(bytes8(extraData[21:29]));
        bytes32 r = bytes32(extraData[29:61]);
        bytes32 vs = bytes32(extraData[61:93]);
        bytes calldata context = extraData[HEADER:];
        if (expected != address(0) && expected != p.fulfiller) revert InvalidFulfiller(expected, p.fulfiller);
        if (block.timestamp > expiration) revert SignatureExpired(expiration, p.orderHash);
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                domainSeparator(),
                keccak256(abi.encode(SIGNED_ORDER_TYPEHASH, expected, expiration, p.orderHash, keccak256(context)))
            )
        );
        bytes32 s = vs & bytes32(uint256(type(uint256).max >> 1));
        uint8 v = uint8(uint256(vs >> 255)) + 27;
        address recovered = ecrecover(digest, v, r, s);
        if (recovered == address(0) || recovered != signer) revert InvalidSigner(recovered);
        uint8 substandard = uint8(context[0]);
        if (substandard == 1) {
            if (context.length < 33) revert InvalidExtraData("substandard 1 needs a 32-byte identifier");
            uint256 identifier = uint256(bytes32(context[1:33]));
            if (p.consideration.length == 0 || p.consideration[0].identifier != identifier) {
                revert IdentifierMismatch(identifier, p.consideration.length == 0 ? 0 : p.consideration[0].identifier);
            }
        } else if (substandard != 0) {
            revert InvalidSubstandard(substandard);
        }
    }
}
