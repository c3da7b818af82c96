// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "./ERC20.sol";
import {Owned} from "./Common.sol";

/// @title TetherToken
/// @notice 6-decimal USDT stand-in with USDT's approval rule: an allowance can only be set from zero (or back to
/// zero), so raising a nonzero allowance takes `approve(0)` then `approve(n)`.
contract TetherToken is ERC20, Owned {
    constructor() ERC20("Tether USD", "USDT", 6) {}

    /// @notice Reverts when both the current allowance and `amount` are nonzero, as USDT does.
    function approve(address spender, uint256 amount) public override returns (bool) {
        require(amount == 0 || allowance[msg.sender][spender] == 0, "USDT: reset the allowance to zero first");
        return super.approve(spender, amount);
    }

    /// @notice Owner-only faucet used to fund test accounts.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
