// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Owned} from "./Common.sol";

/// @title Depository
/// @notice Origin-chain half of the devnet's cross-chain flow: the user pays here, tagged with the request id
/// the aggregator quoted, and the devnet solver watches `Deposited` to fill on the destination chain.
contract Depository is Owned {
    event Deposited(bytes32 indexed requestId, address indexed depositor, uint256 amount);
    event Withdrawn(address indexed to, uint256 amount);

    function deposit(bytes32 requestId) external payable {
        require(msg.value > 0, "Depository: zero value");
        emit Deposited(requestId, msg.sender, msg.value);
    }

    function withdraw(address payable to, uint256 amount) external onlyOwner {
        (bool ok,) = to.call{value: amount}("");
        require(ok, "Depository: withdraw failed");
        emit Withdrawn(to, amount);
    }
}
