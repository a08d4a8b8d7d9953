// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Tip20ChannelEscrowEmulation
/// @notice SANDBOX ONLY. An emulation, in Solidity, of Tempo's TIP-1034 TIP-20 channel escrow precompile
/// (0x4d50500000000000000000000000000000000000, added at Tempo's T5 hardfork), which the local anvil 1.7.1 lacks.
/// It is this project's own code, written from mppx 0.11's `escrowAbi` and the way its `tempo.session` client and
/// server call it; the sandbox places its runtime code at the precompile's address with `anvil_setCode`. On a real
/// Tempo chain the precompile itself is used and this contract plays no part.
///
/// Where it differs from the precompile, and why:
/// - The channel id binds the open transaction's expiring-nonce hash, which a contract cannot derive from its call.
///   The sandbox's Tempo RPC proxy (lib/payments/sandbox/tempo-rpc-proxy.ts) sees each raw transaction, computes
///   that hash as the precompile would (keccak256 of the sender's signing payload and the sender) and stores it for
///   the sender in `pendingExpiringNonceHash` (via `anvil_setStorageAt`) just before an open is mined; `open` reads
///   it and clears it. An open sent around the proxy finds no hash and reverts.
/// - The precompile moves TIP-20 balances itself; this contract pulls deposits with `transferFrom`, so the sandbox's
///   payers approve it for pathUSD at start.
/// - Vouchers: secp256k1 signatures only (the precompile also takes P256 and WebAuthn ones through Tempo's
///   signature-verifier precompile, which anvil runs only at hardfork t4).
contract Tip20ChannelEscrowEmulation is ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct ChannelDescriptor {
        address payer;
        address payee;
        address operator;
        address token;
        bytes32 salt;
        address authorizedSigner;
        bytes32 expiringNonceHash;
    }

    struct ChannelState {
        uint96 settled;
        uint96 deposit;
        uint32 closeRequestedAt;
    }

    struct Channel {
        ChannelDescriptor descriptor;
        ChannelState state;
    }

    uint64 public constant CLOSE_GRACE_PERIOD = 900;
    bytes32 public constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint96 cumulativeAmount)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("TIP20 Channel Reserve");
    bytes32 private constant VERSION_HASH = keccak256("1");

    /// @dev Base slot of `mapping(address sender => bytes32)`: the expiring-nonce hash of the sender's transaction
    /// being mined, written by the sandbox's RPC proxy. Element slot = keccak256(abi.encode(sender, base)).
    bytes32 public constant PENDING_EXPIRING_NONCE_HASH_SLOT = keccak256("sandbox.tip1034.pendingExpiringNonceHash");

    /// @dev Open channels' states; a closed channel's entry is deleted and its id kept in `closedChannels`.
    mapping(bytes32 channelId => ChannelState) private channels;
    mapping(bytes32 channelId => bool) private closedChannels;

    event ChannelOpened(
        bytes32 indexed channelId,
        address indexed payer,
        address indexed payee,
        address operator,
        address token,
        address authorizedSigner,
        bytes32 salt,
        bytes32 expiringNonceHash,
        uint96 deposit
    );
    event Settled(
        bytes32 indexed channelId,
        address indexed payer,
        address indexed payee,
        uint96 cumulativeAmount,
        uint96 deltaPaid,
        uint96 newSettled
    );
    event TopUp(
        bytes32 indexed channelId,
        address indexed payer,
        address indexed payee,
        uint96 additionalDeposit,
        uint96 newDeposit
    );
    event CloseRequested(
        bytes32 indexed channelId, address indexed payer, address indexed payee, uint256 closeGraceEnd
    );
    event ChannelClosed(
        bytes32 indexed channelId,
        address indexed payer,
        address indexed payee,
        uint96 settledToPayee,
        uint96 refundedToPayer
    );
    event CloseRequestCancelled(bytes32 indexed channelId, address indexed payer, address indexed payee);

    error NoExpiringNonceHash();
    error ZeroDeposit();
    error ZeroPayee();
    error ChannelExists();
    error ChannelNotFound();
    error NotPayer();
    error NotPayeeOrOperator();
    error InvalidSignature();
    error AmountNotIncreasing();
    error AmountExceedsDeposit();
    error InvalidCaptureAmount();
    error CloseNotRequested();
    error GracePeriodNotOver();
    error DepositOverflow();

    function open(
        address payee,
        address operator,
        address token,
        uint96 deposit,
        bytes32 salt,
        address authorizedSigner
    ) external nonReentrant returns (bytes32 channelId) {
        if (payee == address(0)) revert ZeroPayee();
        if (deposit == 0) revert ZeroDeposit();
        bytes32 expiringNonceHash = _takePendingExpiringNonceHash(msg.sender);
        channelId = computeChannelId(msg.sender, payee, operator, token, salt, authorizedSigner, expiringNonceHash);
        if (channels[channelId].deposit != 0 || closedChannels[channelId]) revert ChannelExists();
        channels[channelId] = ChannelState({settled: 0, deposit: deposit, closeRequestedAt: 0});
        IERC20(token).safeTransferFrom(msg.sender, address(this), deposit);
        emit ChannelOpened(
            channelId, msg.sender, payee, operator, token, authorizedSigner, salt, expiringNonceHash, deposit
        );
    }

    /// @notice The payee (or the channel's operator) collects up to a voucher's cumulative amount.
    function settle(ChannelDescriptor calldata descriptor, uint96 cumulativeAmount, bytes calldata signature)
        external
        nonReentrant
    {
        (bytes32 channelId, ChannelState storage state) = _openChannel(descriptor);
        _onlyPayeeOrOperator(descriptor);
        if (cumulativeAmount <= state.settled) revert AmountNotIncreasing();
        if (cumulativeAmount > state.deposit) revert AmountExceedsDeposit();
        _verifyVoucher(descriptor, channelId, cumulativeAmount, signature);
        uint96 delta = cumulativeAmount - state.settled;
        state.settled = cumulativeAmount;
        IERC20(descriptor.token).safeTransfer(descriptor.payee, delta);
        emit Settled(channelId, descriptor.payer, descriptor.payee, cumulativeAmount, delta, cumulativeAmount);
    }

    /// @notice The payer adds to the deposit; a pending close request is withdrawn by it.
    function topUp(ChannelDescriptor calldata descriptor, uint96 additionalDeposit) external nonReentrant {
        (bytes32 channelId, ChannelState storage state) = _openChannel(descriptor);
        if (msg.sender != descriptor.payer) revert NotPayer();
        if (additionalDeposit == 0) revert ZeroDeposit();
        if (uint256(state.deposit) + additionalDeposit > type(uint96).max) revert DepositOverflow();
        state.deposit += additionalDeposit;
        if (state.closeRequestedAt != 0) {
            state.closeRequestedAt = 0;
            emit CloseRequestCancelled(channelId, descriptor.payer, descriptor.payee);
        }
        IERC20(descriptor.token).safeTransferFrom(msg.sender, address(this), additionalDeposit);
        emit TopUp(channelId, descriptor.payer, descriptor.payee, additionalDeposit, state.deposit);
    }

    /// @notice The payee (or operator) ends the channel: it keeps `captureAmount` in total (at least what it already
    /// settled, at most the voucher's cumulative amount and the deposit) and the rest of the deposit goes back to the
    /// payer. The voucher is checked whenever the capture raises what was settled.
    function close(
        ChannelDescriptor calldata descriptor,
        uint96 cumulativeAmount,
        uint96 captureAmount,
        bytes calldata signature
    ) external nonReentrant {
        (bytes32 channelId, ChannelState storage state) = _openChannel(descriptor);
        _onlyPayeeOrOperator(descriptor);
        if (captureAmount < state.settled || captureAmount > cumulativeAmount) revert InvalidCaptureAmount();
        if (captureAmount > state.deposit) revert AmountExceedsDeposit();
        if (captureAmount > state.settled) _verifyVoucher(descriptor, channelId, cumulativeAmount, signature);
        _finish(channelId, descriptor, state, captureAmount);
    }

    /// @notice The payer's way out when the payee does not close: starts the grace period.
    function requestClose(ChannelDescriptor calldata descriptor) external nonReentrant {
        (bytes32 channelId, ChannelState storage state) = _openChannel(descriptor);
        if (msg.sender != descriptor.payer) revert NotPayer();
        if (state.closeRequestedAt == 0) state.closeRequestedAt = uint32(block.timestamp);
        emit CloseRequested(
            channelId, descriptor.payer, descriptor.payee, uint256(state.closeRequestedAt) + CLOSE_GRACE_PERIOD
        );
    }

    /// @notice After the grace period the payer takes back what the payee has not settled.
    function withdraw(ChannelDescriptor calldata descriptor) external nonReentrant {
        (bytes32 channelId, ChannelState storage state) = _openChannel(descriptor);
        if (msg.sender != descriptor.payer) revert NotPayer();
        if (state.closeRequestedAt == 0) revert CloseNotRequested();
        if (block.timestamp < uint256(state.closeRequestedAt) + CLOSE_GRACE_PERIOD) revert GracePeriodNotOver();
        _finish(channelId, descriptor, state, state.settled);
    }

    function getChannel(ChannelDescriptor calldata descriptor) external view returns (Channel memory) {
        return Channel({descriptor: descriptor, state: channels[_channelIdOf(descriptor)]});
    }

    function getChannelState(bytes32 channelId) external view returns (ChannelState memory) {
        return channels[channelId];
    }

    function getChannelStatesBatch(bytes32[] calldata channelIds) external view returns (ChannelState[] memory states) {
        states = new ChannelState[](channelIds.length);
        for (uint256 i = 0; i < channelIds.length; i++) {
            states[i] = channels[channelIds[i]];
        }
    }

    function computeChannelId(
        address payer,
        address payee,
        address operator,
        address token,
        bytes32 salt,
        address authorizedSigner,
        bytes32 expiringNonceHash
    ) public view returns (bytes32) {
        return keccak256(
            abi.encode(
                payer, payee, operator, token, salt, authorizedSigner, expiringNonceHash, address(this), block.chainid
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint96 cumulativeAmount) public view returns (bytes32) {
        return MessageHashUtils.toTypedDataHash(
            domainSeparator(), keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, cumulativeAmount))
        );
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    /// @dev Pays the payee up to `captureAmount` in total, returns the rest of the deposit to the payer and retires
    /// the channel id for good.
    function _finish(
        bytes32 channelId,
        ChannelDescriptor calldata descriptor,
        ChannelState storage state,
        uint96 captureAmount
    ) private {
        uint96 toPayee = captureAmount - state.settled;
        uint96 refund = state.deposit - captureAmount;
        delete channels[channelId];
        closedChannels[channelId] = true;
        if (toPayee > 0) IERC20(descriptor.token).safeTransfer(descriptor.payee, toPayee);
        if (refund > 0) IERC20(descriptor.token).safeTransfer(descriptor.payer, refund);
        emit ChannelClosed(channelId, descriptor.payer, descriptor.payee, captureAmount, refund);
    }

    function _openChannel(ChannelDescriptor calldata descriptor)
        private
        view
        returns (bytes32 channelId, ChannelState storage state)
    {
        channelId = _channelIdOf(descriptor);
        state = channels[channelId];
        if (state.deposit == 0) revert ChannelNotFound();
    }

    function _channelIdOf(ChannelDescriptor calldata d) private view returns (bytes32) {
        return computeChannelId(d.payer, d.payee, d.operator, d.token, d.salt, d.authorizedSigner, d.expiringNonceHash);
    }

    function _onlyPayeeOrOperator(ChannelDescriptor calldata descriptor) private view {
        if (msg.sender == descriptor.payee) return;
        if (descriptor.operator != address(0) && msg.sender == descriptor.operator) return;
        revert NotPayeeOrOperator();
    }

    function _verifyVoucher(
        ChannelDescriptor calldata descriptor,
        bytes32 channelId,
        uint96 cumulativeAmount,
        bytes calldata signature
    ) private view {
        address signer = descriptor.authorizedSigner == address(0) ? descriptor.payer : descriptor.authorizedSigner;
        (address recovered, ECDSA.RecoverError err,) =
            ECDSA.tryRecover(getVoucherDigest(channelId, cumulativeAmount), signature);
        if (err != ECDSA.RecoverError.NoError || recovered != signer) revert InvalidSignature();
    }

    function _takePendingExpiringNonceHash(address sender) private returns (bytes32 hash) {
        bytes32 slot = keccak256(abi.encode(sender, PENDING_EXPIRING_NONCE_HASH_SLOT));
        assembly {
            hash := sload(slot)
            sstore(slot, 0)
        }
        if (hash == bytes32(0)) revert NoExpiringNonceHash();
    }
}
