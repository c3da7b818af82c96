// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "./ERC20.sol";
import {Owned} from "./Common.sol";

/// @title StableToken
/// @notice 6-decimal USDC stand-in so that currency formatting and non-18-decimal paths get exercised.
contract StableToken is ERC20, Owned {
    constructor() ERC20("USD Coin", "USDC", 6) {}

    /// @notice Owner-only faucet used to fund test accounts.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
