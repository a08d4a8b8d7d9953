// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Multicall} from "@openzeppelin/contracts/utils/Multicall.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @notice Pulls a deposit from the payer into the escrow. The escrow checks its own token balance before and after
/// the call, so a collector cannot credit a channel without paying into it.
interface IDepositCollector {
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external;
}

/// @title BatchSettlementEscrow
/// @notice This project's own implementation of the escrow that x402's EVM SDK's `batch-settlement` scheme calls, written
/// from the SDK's ABI, EIP-712 types and the way its facilitator and client use them.
///
/// Accounting, per channel: `balance` is everything deposited and not yet returned to the payer (refunds and
/// withdrawals lower it; claims do not), `totalClaimed` is the cumulative amount the receiver has claimed from it, so
/// `balance - totalClaimed` is what the payer can still get back. Claims move value to a per-(receiver, token) total;
/// `settle` pays that total out. Tokens held = sum(balance - totalClaimed) + sum(receiver claimed - settled).
contract BatchSettlementEscrow is EIP712, ReentrancyGuard, Multicall {
    using SafeERC20 for IERC20;

    struct ChannelConfig {
        address payer;
        address payerAuthorizer;
        address receiver;
        address receiverAuthorizer;
        address token;
        uint40 withdrawDelay;
        bytes32 salt;
    }

    struct Voucher {
        ChannelConfig channel;
        uint128 maxClaimableAmount;
    }

    struct VoucherClaim {
        Voucher voucher;
        bytes signature;
        uint128 totalClaimed;
    }

    struct Channel {
        uint128 balance;
        uint128 totalClaimed;
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint40 initiatedAt;
    }

    struct ReceiverTotals {
        uint128 totalClaimed;
        uint128 totalSettled;
    }

    bytes32 public constant CHANNEL_CONFIG_TYPEHASH = keccak256(
        "ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"
    );
    bytes32 public constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint128 maxClaimableAmount)");
    bytes32 public constant REFUND_TYPEHASH = keccak256("Refund(bytes32 channelId,uint256 nonce,uint128 amount)");
    bytes32 public constant CLAIM_ENTRY_TYPEHASH =
        keccak256("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)");
    bytes32 public constant CLAIM_BATCH_TYPEHASH = keccak256(
        "ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"
    );

    /// Bounds on a channel's withdraw delay, the same the SDK checks (15 minutes to 30 days): long enough for the
    /// receiver to claim its last vouchers after the payer starts a timeout withdrawal.
    uint40 public constant MIN_WITHDRAW_DELAY = 900;
    uint40 public constant MAX_WITHDRAW_DELAY = 2_592_000;

    mapping(bytes32 channelId => Channel) public channels;
    mapping(bytes32 channelId => PendingWithdrawal) public pendingWithdrawals;
    mapping(bytes32 channelId => uint256) public refundNonce;
    mapping(address receiver => mapping(address token => ReceiverTotals)) public receivers;

    event Deposited(bytes32 indexed channelId, address indexed payer, address indexed collector, uint128 amount);
    event Claimed(bytes32 indexed channelId, address indexed receiver, uint128 totalClaimed, uint128 delta);
    event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount);
    event Refunded(bytes32 indexed channelId, address indexed payer, uint128 amount, uint256 nonce);
    event WithdrawInitiated(bytes32 indexed channelId, uint128 amount, uint40 initiatedAt);
    event Withdrawn(bytes32 indexed channelId, address indexed payer, uint128 amount);

    error InvalidChannelConfig();
    error ZeroAmount();
    error DepositShortfall(uint256 expected, uint256 received);
    error NotAuthorized();
    error EmptyClaimBatch();
    error AuthorizerMismatch();
    error InvalidAuthorizerSignature();
    error InvalidVoucherSignature(bytes32 channelId);
    error ClaimBelowClaimed(bytes32 channelId, uint128 alreadyClaimed, uint128 requested);
    error ClaimExceedsVoucher(bytes32 channelId, uint128 maxClaimableAmount, uint128 requested);
    error ClaimExceedsBalance(bytes32 channelId, uint128 balance, uint128 requested);
    error NothingToSettle();
    error NothingToRefund();
    error InvalidRefundNonce(uint256 expected, uint256 given);
    error NoPendingWithdrawal();
    error WithdrawDelayNotElapsed(uint256 availableAt);

    constructor() EIP712("x402 Batch Settlement", "1") {}

    // ---------------------------------------------------------------- deposits

    /// @notice Adds `amount` to the channel that `config` identifies. With `collector` zero the caller pays by an
    /// ERC-20 allowance; otherwise the collector pulls the payer's funds with whatever `collectorData` authorizes.
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata collectorData)
        external
        nonReentrant
    {
        _checkConfig(config);
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        IERC20 token = IERC20(config.token);
        uint256 before = token.balanceOf(address(this));
        if (collector == address(0)) {
            token.safeTransferFrom(msg.sender, address(this), amount);
        } else {
            IDepositCollector(collector).collect(config.payer, config.token, amount, channelId, collectorData);
        }
        uint256 received = token.balanceOf(address(this)) - before;
        if (received < amount) revert DepositShortfall(amount, received);
        channels[channelId].balance += amount;
        emit Deposited(channelId, config.payer, collector, amount);
    }

    // ------------------------------------------------------------------ claims

    /// @notice Claims vouchers as the receiver side itself: the caller must be each channel's receiver or its
    /// receiver authorizer, since the claimed total (at most the voucher's) decides what the payer can get back.
    function claim(VoucherClaim[] calldata voucherClaims) external nonReentrant {
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            ChannelConfig calldata config = voucherClaims[i].voucher.channel;
            if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) revert NotAuthorized();
            _claim(voucherClaims[i]);
        }
    }

    /// @notice Claims a batch that the receiver authorizer signed (EIP-712 ClaimBatch); anyone may submit it. Every
    /// claim in the batch must name the same receiver authorizer.
    function claimWithSignature(VoucherClaim[] calldata voucherClaims, bytes calldata authorizerSignature)
        external
        nonReentrant
    {
        if (voucherClaims.length == 0) revert EmptyClaimBatch();
        address authorizer = voucherClaims[0].voucher.channel.receiverAuthorizer;
        if (authorizer == address(0)) revert AuthorizerMismatch();
        for (uint256 i = 1; i < voucherClaims.length; i++) {
            if (voucherClaims[i].voucher.channel.receiverAuthorizer != authorizer) revert AuthorizerMismatch();
        }
        if (!SignatureChecker.isValidSignatureNow(authorizer, getClaimBatchDigest(voucherClaims), authorizerSignature)) {
            revert InvalidAuthorizerSignature();
        }
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            _claim(voucherClaims[i]);
        }
    }

    /// @notice Pays the receiver everything claimed for it in `token` and not yet paid. Anyone may call it.
    function settle(address receiver, address token) external nonReentrant {
        ReceiverTotals storage totals = receivers[receiver][token];
        uint128 amount = totals.totalClaimed - totals.totalSettled;
        if (amount == 0) revert NothingToSettle();
        totals.totalSettled = totals.totalClaimed;
        IERC20(token).safeTransfer(receiver, amount);
        emit Settled(receiver, token, msg.sender, amount);
    }

    // ----------------------------------------------------------------- refunds

    /// @notice Cooperative refund by the receiver side: returns up to `amount` of the unclaimed balance to the payer.
    function refund(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) revert NotAuthorized();
        _refund(config, amount);
    }

    /// @notice Cooperative refund that the receiver authorizer signed (EIP-712 Refund) for the channel's current
    /// refund nonce; anyone may submit it, once.
    function refundWithSignature(
        ChannelConfig calldata config,
        uint128 amount,
        uint256 nonce,
        bytes calldata receiverAuthorizerSignature
    ) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        if (nonce != refundNonce[channelId]) revert InvalidRefundNonce(refundNonce[channelId], nonce);
        if (config.receiverAuthorizer == address(0)) revert AuthorizerMismatch();
        bytes32 digest = getRefundDigest(channelId, nonce, amount);
        if (!SignatureChecker.isValidSignatureNow(config.receiverAuthorizer, digest, receiverAuthorizerSignature)) {
            revert InvalidAuthorizerSignature();
        }
        _refund(config, amount);
    }

    // ------------------------------------------------------- timeout withdrawal

    /// @notice The payer's way out without the receiver: announce a withdrawal, wait the channel's withdraw delay
    /// (during which the receiver can still claim vouchers it holds), then finalize.
    function initiateWithdraw(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        if (msg.sender != config.payer && (config.payerAuthorizer == address(0) || msg.sender != config.payerAuthorizer))
        {
            revert NotAuthorized();
        }
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        uint40 now40 = uint40(block.timestamp);
        pendingWithdrawals[channelId] = PendingWithdrawal({amount: amount, initiatedAt: now40});
        emit WithdrawInitiated(channelId, amount, now40);
    }

    /// @notice Pays the payer the announced amount, capped at what is unclaimed now. Anyone may call it; the money
    /// only ever goes to the payer.
    function finalizeWithdraw(ChannelConfig calldata config) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        PendingWithdrawal memory pending = pendingWithdrawals[channelId];
        if (pending.initiatedAt == 0) revert NoPendingWithdrawal();
        uint256 availableAt = uint256(pending.initiatedAt) + config.withdrawDelay;
        if (block.timestamp < availableAt) revert WithdrawDelayNotElapsed(availableAt);
        delete pendingWithdrawals[channelId];
        Channel storage channel = channels[channelId];
        uint128 unclaimed = channel.balance - channel.totalClaimed;
        uint128 amount = pending.amount < unclaimed ? pending.amount : unclaimed;
        if (amount == 0) revert NothingToRefund();
        channel.balance -= amount;
        IERC20(config.token).safeTransfer(config.payer, amount);
        emit Withdrawn(channelId, config.payer, amount);
    }

    // ------------------------------------------------------------------- views

    /// @notice The channel id: the EIP-712 hash of the channel's configuration under this contract's domain, the
    /// same value the SDK's `computeChannelId` gives.
    function getChannelId(ChannelConfig calldata config) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    CHANNEL_CONFIG_TYPEHASH,
                    config.payer,
                    config.payerAuthorizer,
                    config.receiver,
                    config.receiverAuthorizer,
                    config.token,
                    config.withdrawDelay,
                    config.salt
                )
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, maxClaimableAmount)));
    }

    function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(REFUND_TYPEHASH, channelId, nonce, amount)));
    }

    function getClaimBatchDigest(VoucherClaim[] calldata voucherClaims) public view returns (bytes32) {
        bytes32[] memory entries = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            VoucherClaim calldata c = voucherClaims[i];
            entries[i] = keccak256(
                abi.encode(
                    CLAIM_ENTRY_TYPEHASH, getChannelId(c.voucher.channel), c.voucher.maxClaimableAmount, c.totalClaimed
                )
            );
        }
        return _hashTypedDataV4(keccak256(abi.encode(CLAIM_BATCH_TYPEHASH, keccak256(abi.encodePacked(entries)))));
    }

    // ---------------------------------------------------------------- internal

    function _checkConfig(ChannelConfig calldata config) private pure {
        if (
            config.payer == address(0) || config.receiver == address(0) || config.token == address(0)
                || config.withdrawDelay < MIN_WITHDRAW_DELAY || config.withdrawDelay > MAX_WITHDRAW_DELAY
        ) revert InvalidChannelConfig();
    }

    /// A claim raises the channel's claimed total to `totalClaimed`: at most what the payer signed, and at most what
    /// the channel holds. A claim of exactly the total already claimed changes nothing (the SDK's refund puts the
    /// channel's last claim before its refund even when it was claimed already), and one below it is refused.
    function _claim(VoucherClaim calldata c) private {
        ChannelConfig calldata config = c.voucher.channel;
        bytes32 channelId = getChannelId(config);
        bytes32 digest = getVoucherDigest(channelId, c.voucher.maxClaimableAmount);
        bool signed = config.payerAuthorizer != address(0)
            ? _recovers(digest, c.signature, config.payerAuthorizer)
            : SignatureChecker.isValidSignatureNow(config.payer, digest, c.signature);
        if (!signed) revert InvalidVoucherSignature(channelId);

        Channel storage channel = channels[channelId];
        uint128 already = channel.totalClaimed;
        if (c.totalClaimed == already) return;
        if (c.totalClaimed < already) revert ClaimBelowClaimed(channelId, already, c.totalClaimed);
        if (c.totalClaimed > c.voucher.maxClaimableAmount) {
            revert ClaimExceedsVoucher(channelId, c.voucher.maxClaimableAmount, c.totalClaimed);
        }
        if (c.totalClaimed > channel.balance) revert ClaimExceedsBalance(channelId, channel.balance, c.totalClaimed);

        uint128 delta = c.totalClaimed - already;
        channel.totalClaimed = c.totalClaimed;
        receivers[config.receiver][config.token].totalClaimed += delta;
        emit Claimed(channelId, config.receiver, c.totalClaimed, delta);
    }

    function _refund(ChannelConfig calldata config, uint128 amount) private {
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        Channel storage channel = channels[channelId];
        uint128 unclaimed = channel.balance - channel.totalClaimed;
        uint128 paid = amount < unclaimed ? amount : unclaimed;
        if (paid == 0) revert NothingToRefund();
        channel.balance -= paid;
        uint256 nonce = refundNonce[channelId]++;
        IERC20(config.token).safeTransfer(config.payer, paid);
        emit Refunded(channelId, config.payer, paid, nonce);
    }

    /// A payer authorizer is a plain key (the SDK checks it by recovery, not ERC-1271), so recovery it is here too.
    function _recovers(bytes32 digest, bytes calldata signature, address expected) private pure returns (bool) {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, signature);
        return err == ECDSA.RecoverError.NoError && recovered == expected;
    }
}
