// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Solver
/// @notice Destination-chain half of the devnet's cross-chain flow. The solver account executes the user's
/// requested call (e.g. a mint to the user) with the solver's own funds, at most once per request id.
contract Solver {
    address public immutable solver;
    mapping(bytes32 => bool) private _filled;

    event Filled(bytes32 indexed requestId, address indexed to, uint256 value);

    constructor(address solver_) {
        require(solver_ != address(0), "Solver: zero solver");
        solver = solver_;
    }

    modifier onlySolver() {
        require(msg.sender == solver, "Solver: not solver");
        _;
    }

    /// @notice Pre-funding lets the solver pay `value` from the contract balance instead of msg.value.
    receive() external payable {}

    /// @notice Executes `to.call{value: value}(data)`; reverts with the callee's reason if the call fails,
    /// so a failed fill leaves the request unfilled and retryable.
    function fill(bytes32 requestId, address to, bytes calldata data, uint256 value) external payable onlySolver {
        require(!_filled[requestId], "Solver: already filled");
        _filled[requestId] = true;
        (bool ok, bytes memory ret) = to.call{value: value}(data);
        if (!ok) {
            if (ret.length > 0) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
            revert("Solver: call failed");
        }
        emit Filled(requestId, to, value);
    }

    function isFilled(bytes32 requestId) external view returns (bool) {
        return _filled[requestId];
    }

    function withdraw(address payable to, uint256 amount) external onlySolver {
        (bool ok,) = to.call{value: amount}("");
        require(ok, "Solver: withdraw failed");
    }
}
