// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IRelayErc20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title RelayDepository
/// @notice The devnet's Relay protocol v2 Depository, written from the published interface (relayprotocol/
/// relay-depository): the same deposit functions, selectors and events. Relay releases funds through calls signed
/// by its allocator; the devnet has no allocator service, so its solver (the allocator here) refunds directly.
contract RelayDepository {
    event RelayNativeDeposit(address from, uint256 amount, bytes32 id);
    event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id);
    /// @notice A deposit paid back (devnet only: Relay's own release goes through an allocator-signed call).
    event RelayRefund(bytes32 id, address to, address currency, uint256 amount);

    error Unauthorized(address caller);
    error AlreadyRefunded(bytes32 id);
    error TransferFailed();

    address public immutable allocator;
    mapping(bytes32 => bool) public refunded;

    constructor(address allocator_) {
        allocator = allocator_;
    }

    /// @notice Deposits `msg.value` for order `id`, credited to `depositor` (the sender when zero).
    function depositNative(address depositor, bytes32 id) external payable {
        emit RelayNativeDeposit(depositor == address(0) ? msg.sender : depositor, msg.value, id);
    }

    /// @notice Deposits `amount` of `token` for order `id`, credited to `depositor` (the sender when zero).
    function depositErc20(address depositor, address token, uint256 amount, bytes32 id) external {
        if (!IRelayErc20(token).transferFrom(msg.sender, address(this), amount)) revert TransferFailed();
        emit RelayErc20Deposit(depositor == address(0) ? msg.sender : depositor, token, amount, id);
    }

    /// @notice Pays order `id`'s deposit back to `to`, once; `currency` zero is the native currency.
    function refund(bytes32 id, address to, address currency, uint256 amount) external {
        if (msg.sender != allocator) revert Unauthorized(msg.sender);
        if (refunded[id]) revert AlreadyRefunded(id);
        refunded[id] = true;
        bool ok;
        if (currency == address(0)) {
            (ok,) = to.call{value: amount}("");
        } else {
            ok = IRelayErc20(currency).transfer(to, amount);
        }
        if (!ok) revert TransferFailed();
        emit RelayRefund(id, to, currency, amount);
    }
}
