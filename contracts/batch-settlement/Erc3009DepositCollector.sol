// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IDepositCollector} from "./BatchSettlementEscrow.sol";

/// @notice The EIP-3009 function this collector needs (USDC's FiatTokenV2_2 has it, with a bytes signature).
interface IERC3009Receive {
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external;
}

/// @title Erc3009DepositCollector
/// @notice Turns a payer's EIP-3009 ReceiveWithAuthorization (to this collector) into a channel deposit. The
/// authorization's nonce is keccak256(abi.encode(channelId, salt)), as x402's EVM SDK's client signs it, so a signature
/// only ever funds the channel it was made for; and only the escrow may call `collect`, so nobody else can redirect
/// the pulled funds.
contract Erc3009DepositCollector is IDepositCollector {
    using SafeERC20 for IERC20;

    address public immutable escrow;

    error OnlyEscrow();

    constructor(address escrow_) {
        escrow = escrow_;
    }

    /// @param data abi.encode(uint256 validAfter, uint256 validBefore, uint256 salt, bytes signature)
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external {
        if (msg.sender != escrow) revert OnlyEscrow();
        (uint256 validAfter, uint256 validBefore, uint256 salt, bytes memory signature) =
            abi.decode(data, (uint256, uint256, uint256, bytes));
        bytes32 nonce = keccak256(abi.encode(channelId, salt));
        IERC3009Receive(token).receiveWithAuthorization(
            payer, address(this), amount, validAfter, validBefore, nonce, signature
        );
        IERC20(token).safeTransfer(escrow, amount);
    }
}
