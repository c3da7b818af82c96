// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev Only the NFT entry points the Exchange needs; declared locally so the Exchange works with any
/// standard collection, not just the devnet ones.
interface IERC721Transfer {
    function transferFrom(address from, address to, uint256 tokenId) external;
}

interface IERC1155Transfer {
    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes calldata data) external;
}

/// @title Exchange
/// @notice Fills EIP-712 signed NFT orders for the tradekit devnet aggregator.
///
/// Order fields (EIP-712 struct `Order`; `fees` is hashed as the keccak256 of its concatenated `Fee` struct hashes):
///   side          0 = listing (maker sells an NFT), 1 = bid (maker buys an NFT)
///   maker         signer of the order; owner of the NFT (listing) or payer of the currency (bid)
///   collection    ERC-721 / ERC-1155 contract
///   tokenKind     0 = ERC-721, 1 = ERC-1155
///   tokenId       the token; ignored for collection / token-set bids
///   amount        quantity (must be 1 for ERC-721); filled all at once
///   currency      address(0) = native ETH (listings only); bids must use an ERC-20
///   price         total price in currency units for `amount`
///   criteria      0 = single token, 1 = any token of the collection, 2 = token set (bids only for 1 and 2)
///   tokenSetRoot  merkle root of the token set (criteria 2): leaf = keccak256(abi.encode(tokenId)),
///                 parents hash the sorted pair
///   expiry        unix seconds after which the order is void; 0 = never
///   nonce         order is void once the maker's `nonces` counter is greater than this value
///   salt          makes otherwise identical orders distinct
///   fees          marketplace fees and royalties, each an amount in `currency` paid to its recipient out of
///                 `price` in the fill transaction; the seller (maker of a listing, taker of a bid) gets the rest
contract Exchange {
    struct Fee {
        address recipient;
        uint256 amount;
    }

    struct Order {
        uint8 side;
        address maker;
        address collection;
        uint8 tokenKind;
        uint256 tokenId;
        uint256 amount;
        address currency;
        uint256 price;
        uint8 criteria;
        bytes32 tokenSetRoot;
        uint256 expiry;
        uint256 nonce;
        uint256 salt;
        Fee[] fees;
    }

    uint8 internal constant SIDE_LISTING = 0;
    uint8 internal constant SIDE_BID = 1;
    uint8 internal constant KIND_ERC721 = 0;
    uint8 internal constant KIND_ERC1155 = 1;
    uint8 internal constant CRITERIA_SINGLE = 0;
    uint8 internal constant CRITERIA_COLLECTION = 1;
    uint8 internal constant CRITERIA_TOKEN_SET = 2;

    uint8 internal constant STATUS_OPEN = 0;
    uint8 internal constant STATUS_FILLED = 1;
    uint8 internal constant STATUS_CANCELLED = 2;

    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(uint8 side,address maker,address collection,uint8 tokenKind,uint256 tokenId,uint256 amount,address currency,uint256 price,uint8 criteria,bytes32 tokenSetRoot,uint256 expiry,uint256 nonce,uint256 salt,Fee[] fees)Fee(address recipient,uint256 amount)"
    );
    bytes32 public constant FEE_TYPEHASH = keccak256("Fee(address recipient,uint256 amount)");
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant NAME_HASH = keccak256("TradekitExchange");
    bytes32 internal constant VERSION_HASH = keccak256("1");
    /// @dev secp256k1n / 2: signatures with a higher s are malleable duplicates and are rejected.
    uint256 internal constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    /// @notice The devnet server's key: it may cancel orders whose makers signed an off-chain cancellation.
    address public immutable operator;
    /// @notice Orders with nonce < nonces[maker] are cancelled.
    mapping(address => uint256) public nonces;
    mapping(bytes32 => uint8) private _status;
    uint256 private _locked = 1;

    event OrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        address collection,
        uint256 tokenId,
        address currency,
        uint256 price
    );
    event OrderCancelled(bytes32 indexed orderHash);
    event NonceIncremented(address indexed maker, uint256 newNonce);

    constructor(address operator_) {
        operator = operator_;
    }

    modifier nonReentrant() {
        require(_locked == 1, "Exchange: reentrant call");
        _locked = 2;
        _;
        _locked = 1;
    }

    // ---------------------------------------------------------------- fills

    /// @notice Buys a listed NFT for `recipient`. Native listings need msg.value == price exactly (no refunds);
    /// ERC-20 listings pull the price from msg.sender. The order's fees are paid out of the price.
    function fillListing(Order calldata order, bytes calldata signature, address recipient)
        external
        payable
        nonReentrant
    {
        if (order.currency == address(0)) {
            require(msg.value == order.price, "Exchange: wrong value");
        } else {
            require(msg.value == 0, "Exchange: wrong value");
        }
        _fillListing(order, signature, recipient);
    }

    /// @notice Batch version of fillListing; msg.value must equal the sum of the native-currency prices.
    function fillListings(Order[] calldata orders, bytes[] calldata signatures, address recipient)
        external
        payable
        nonReentrant
    {
        require(msg.value == _nativeTotal(orders), "Exchange: wrong value");
        _fillListings(orders, signatures, recipient);
    }

    /// @notice fillListings plus `feesOnTop`: fees the taker pays in `feeCurrency` on top of the prices (a
    /// marketplace's own fee on the purchase). msg.value covers the native prices and native fees on top.
    function fillListingsWithFees(
        Order[] calldata orders,
        bytes[] calldata signatures,
        address recipient,
        address feeCurrency,
        Fee[] calldata feesOnTop
    ) external payable nonReentrant {
        uint256 feesTotal = _checkFees(feesOnTop);
        require(msg.value == _nativeTotal(orders) + (feeCurrency == address(0) ? feesTotal : 0), "Exchange: wrong value");
        _fillListings(orders, signatures, recipient);
        for (uint256 i = 0; i < feesOnTop.length; i++) {
            _pay(feeCurrency, msg.sender, feesOnTop[i].recipient, feesOnTop[i].amount);
        }
    }

    /// @notice Sells `tokenId` into a bid: the NFT goes from msg.sender to the maker and the maker's ERC-20
    /// pays msg.sender. `proof` is only read for token-set bids.
    function fillBid(Order calldata order, bytes calldata signature, uint256 tokenId, bytes32[] calldata proof)
        external
        nonReentrant
    {
        require(order.side == SIDE_BID, "Exchange: not a bid");
        require(order.currency != address(0), "Exchange: bid needs ERC20");
        if (order.criteria == CRITERIA_SINGLE) {
            require(tokenId == order.tokenId, "Exchange: wrong token");
        } else if (order.criteria == CRITERIA_TOKEN_SET) {
            require(_verifyProof(proof, order.tokenSetRoot, keccak256(abi.encode(tokenId))), "Exchange: bad proof");
        } else {
            require(order.criteria == CRITERIA_COLLECTION, "Exchange: bad criteria");
        }
        bytes32 orderHash = _validate(order, signature);
        _status[orderHash] = STATUS_FILLED;

        _transferNft(order, msg.sender, order.maker, tokenId);
        _settle(order, order.maker, msg.sender);
        emit OrderFilled(orderHash, order.maker, msg.sender, order.collection, tokenId, order.currency, order.price);
    }

    // ---------------------------------------------------------------- cancellation

    /// @notice On-chain cancellation by the orders' maker.
    function cancel(Order[] calldata orders) external {
        for (uint256 i = 0; i < orders.length; i++) {
            require(orders[i].maker == msg.sender, "Exchange: not maker");
            _cancel(hashOrder(orders[i]));
        }
    }

    /// @notice Cancels every order of msg.sender signed with a nonce below the new counter value.
    function incrementNonce() external {
        uint256 next = nonces[msg.sender] + 1;
        nonces[msg.sender] = next;
        emit NonceIncremented(msg.sender, next);
    }

    /// @notice Lets the devnet server honour off-chain cancellation signatures it has already verified.
    function cancelByOperator(bytes32[] calldata orderHashes) external {
        require(msg.sender == operator, "Exchange: not operator");
        for (uint256 i = 0; i < orderHashes.length; i++) {
            _cancel(orderHashes[i]);
        }
    }

    // ---------------------------------------------------------------- views

    /// @notice The EIP-712 digest the maker signs; also the order's id.
    function hashOrder(Order calldata order) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), _structHash(order)));
    }

    function orderStatus(bytes32 orderHash) external view returns (bool filled, bool cancelled) {
        uint8 status = _status[orderHash];
        return (status == STATUS_FILLED, status == STATUS_CANCELLED);
    }

    /// @dev Recomputed per call rather than cached so that the domain stays right if the chain id changes.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    // ---------------------------------------------------------------- internals

    function _fillListing(Order calldata order, bytes calldata signature, address recipient) private {
        require(order.side == SIDE_LISTING, "Exchange: not a listing");
        require(order.criteria == CRITERIA_SINGLE, "Exchange: bad criteria");
        require(recipient != address(0), "Exchange: zero recipient");
        bytes32 orderHash = _validate(order, signature);
        _status[orderHash] = STATUS_FILLED;

        _transferNft(order, order.maker, recipient, order.tokenId);
        // Native prices are already held by the Exchange (msg.value); `payer` only matters for ERC-20s.
        _settle(order, msg.sender, order.maker);
        emit OrderFilled(orderHash, order.maker, msg.sender, order.collection, order.tokenId, order.currency, order.price);
    }

    function _fillListings(Order[] calldata orders, bytes[] calldata signatures, address recipient) private {
        require(orders.length == signatures.length, "Exchange: length mismatch");
        for (uint256 i = 0; i < orders.length; i++) {
            _fillListing(orders[i], signatures[i], recipient);
        }
    }

    function _nativeTotal(Order[] calldata orders) private pure returns (uint256 total) {
        for (uint256 i = 0; i < orders.length; i++) {
            if (orders[i].currency == address(0)) total += orders[i].price;
        }
    }

    /// @dev Pays the order's fees from `payer` and the rest of the price to `seller`.
    function _settle(Order calldata order, address payer, address seller) private {
        uint256 rest = order.price;
        for (uint256 i = 0; i < order.fees.length; i++) {
            _pay(order.currency, payer, order.fees[i].recipient, order.fees[i].amount);
            // Cannot underflow: _validate checked that the fees fit in the price.
            unchecked {
                rest -= order.fees[i].amount;
            }
        }
        _pay(order.currency, payer, seller, rest);
    }

    /// @dev Native amounts come out of the Exchange's balance (the fill's msg.value), ERC-20s from `payer`.
    function _pay(address currency, address payer, address to, uint256 amount) private {
        if (amount == 0) return;
        if (currency == address(0)) {
            (bool ok,) = payable(to).call{value: amount}("");
            require(ok, "Exchange: payment failed");
        } else {
            _transferErc20(currency, payer, to, amount);
        }
    }

    /// @dev Refuses fees to the zero address; returns their total.
    function _checkFees(Fee[] calldata fees) private pure returns (uint256 total) {
        for (uint256 i = 0; i < fees.length; i++) {
            require(fees[i].recipient != address(0), "Exchange: zero fee recipient");
            total += fees[i].amount;
        }
    }

    function _validate(Order calldata order, bytes calldata signature) private view returns (bytes32 orderHash) {
        require(order.expiry == 0 || block.timestamp <= order.expiry, "Exchange: expired");
        require(_checkFees(order.fees) <= order.price, "Exchange: fees exceed price");
        require(order.nonce >= nonces[order.maker], "Exchange: cancelled");
        if (order.tokenKind == KIND_ERC721) {
            require(order.amount == 1, "Exchange: bad amount");
        } else {
            require(order.tokenKind == KIND_ERC1155, "Exchange: bad token kind");
            require(order.amount > 0, "Exchange: bad amount");
        }
        orderHash = hashOrder(order);
        uint8 status = _status[orderHash];
        require(status != STATUS_FILLED, "Exchange: filled");
        require(status != STATUS_CANCELLED, "Exchange: cancelled");
        require(_recover(orderHash, signature) == order.maker, "Exchange: bad signature");
    }

    /// @dev EIP-712 hashStruct(order). Two abi.encode halves, because one call with all fifteen words does not
    /// fit the stack without via-IR; both halves are whole 32-byte words, so their concatenation is the same.
    function _structHash(Order calldata order) private pure returns (bytes32) {
        bytes32[] memory feeHashes = new bytes32[](order.fees.length);
        for (uint256 i = 0; i < order.fees.length; i++) {
            feeHashes[i] = keccak256(abi.encode(FEE_TYPEHASH, order.fees[i].recipient, order.fees[i].amount));
        }
        return keccak256(
            bytes.concat(
                abi.encode(
                    ORDER_TYPEHASH, order.side, order.maker, order.collection, order.tokenKind, order.tokenId, order.amount
                ),
                abi.encode(
                    order.currency,
                    order.price,
                    order.criteria,
                    order.tokenSetRoot,
                    order.expiry,
                    order.nonce,
                    order.salt,
                    keccak256(abi.encodePacked(feeHashes))
                )
            )
        );
    }

    function _cancel(bytes32 orderHash) private {
        require(_status[orderHash] != STATUS_FILLED, "Exchange: filled");
        _status[orderHash] = STATUS_CANCELLED;
        emit OrderCancelled(orderHash);
    }

    /// @dev Reverts bubble up from the collection, so a stale listing (token moved, approval revoked) fails
    /// with the collection's own reason.
    function _transferNft(Order calldata order, address from, address to, uint256 tokenId) private {
        if (order.tokenKind == KIND_ERC721) {
            IERC721Transfer(order.collection).transferFrom(from, to, tokenId);
        } else {
            IERC1155Transfer(order.collection).safeTransferFrom(from, to, tokenId, order.amount, "");
        }
    }

    /// @dev Tolerates tokens that return nothing; bubbles the token's own revert reason when there is one.
    function _transferErc20(address token, address from, address to, uint256 amount) private {
        require(token.code.length > 0, "Exchange: currency not a contract");
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        if (!ok) {
            if (ret.length > 0) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
            revert("Exchange: currency transfer failed");
        }
        require(ret.length == 0 || abi.decode(ret, (bool)), "Exchange: currency transfer failed");
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address signer) {
        require(signature.length == 65, "Exchange: bad signature");
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        require(v == 27 || v == 28, "Exchange: bad signature");
        require(uint256(s) <= HALF_N, "Exchange: bad signature");
        signer = ecrecover(digest, v, r, s);
        require(signer != address(0), "Exchange: bad signature");
    }

    function _verifyProof(bytes32[] calldata proof, bytes32 root, bytes32 leaf) private pure returns (bool) {
        bytes32 node = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            bytes32 sibling = proof[i];
            node = node < sibling
                ? keccak256(abi.encodePacked(node, sibling))
                : keccak256(abi.encodePacked(sibling, node));
        }
        return node == root;
    }
}
