/**
 * Errors from Cercle's API, with the details the server packs into the gRPC status
 * (`grpc-status-details-bin`, a `google.rpc.Status`): the stable `ErrorInfo.reason` a frontend
 * translates (`NOT_YOUR_TURN`, `STALE_VERSION`...), `BadRequest` field violations,
 * `PreconditionFailure` violations and `RetryInfo`.
 *
 * The google.rpc detail messages are decoded here with the protobuf wire reader rather than
 * generated code: they are small, stable, and this keeps googleapis out of the build.
 */
import { Code } from "@connectrpc/connect";
/** One bad request field, from `google.rpc.BadRequest.FieldViolation`. */
export interface FieldViolation {
    field: string;
    description: string;
}
/** One failed precondition, from `google.rpc.PreconditionFailure.Violation`. */
export interface PreconditionViolation {
    type: string;
    subject: string;
    description: string;
}
/** `google.rpc.ErrorInfo`. */
export interface ErrorInfo {
    reason: string;
    domain: string;
    metadata: Record<string, string>;
}
/** The gRPC status names, indexed by code (as the server and other SDKs spell them). */
export declare const STATUS_NAMES: readonly string[];
/**
 * A refused call. `reason` is `ErrorInfo.reason` when the server sent one, else the status
 * name (`UNAVAILABLE`...); `message` is the server's message, written for players.
 */
export declare class ApiError extends Error {
    /** The gRPC status code (Connect's `Code` enum: the same numbers). */
    readonly code: Code;
    /** The stable reason (`NOT_YOUR_TURN`, `STALE_VERSION`, ...). */
    readonly reason: string;
    /** The first BadRequest field at fault ("" if none). */
    readonly field: string;
    readonly fieldViolations: FieldViolation[];
    readonly preconditionViolations: PreconditionViolation[];
    /** From `google.rpc.RetryInfo`, when the server says when to retry. */
    readonly retryDelayMs: number | undefined;
    readonly errorInfo: ErrorInfo | undefined;
    readonly name = "ApiError";
    constructor(
    /** The gRPC status code (Connect's `Code` enum: the same numbers). */
    code: Code, 
    /** The stable reason (`NOT_YOUR_TURN`, `STALE_VERSION`, ...). */
    reason: string, message: string, 
    /** The first BadRequest field at fault ("" if none). */
    field?: string, fieldViolations?: FieldViolation[], preconditionViolations?: PreconditionViolation[], 
    /** From `google.rpc.RetryInfo`, when the server says when to retry. */
    retryDelayMs?: number | undefined, errorInfo?: ErrorInfo | undefined, options?: {
        cause?: unknown;
    });
    /** The status name: `FAILED_PRECONDITION`, `ABORTED`, ... */
    get codeName(): string;
    toString(): string;
}
/** True for the status codes where a retry (same idempotency key) or a resume makes sense. */
export declare function isTransient(code: Code): boolean;
/**
 * Whether a failed call is worth sending again (same idempotency key) or a stream worth
 * resuming: the server said when to retry (RetryInfo, e.g. RESOURCE_EXHAUSTED `RATE_LIMITED`),
 * or a transient code that is not a deliberate refusal (those carry an ErrorInfo), except
 * UNAVAILABLE, which always means "try again".
 */
export declare function shouldRetry(error: ApiError): boolean;
/** Turns anything a Connect call threw into an {@link ApiError} (details decoded). */
export declare function apiError(err: unknown): ApiError;
/** The stable reason of an error (`ErrorInfo.reason`, else the status name). */
export declare function errorReason(err: unknown): string;
/** `message ErrorInfo { string reason = 1; string domain = 2; map<string, string> metadata = 3; }` */
export declare function decodeErrorInfo(bytes: Uint8Array): ErrorInfo;
/** `message BadRequest { repeated FieldViolation field_violations = 1; }` */
export declare function decodeBadRequest(bytes: Uint8Array): FieldViolation[];
/** `message PreconditionFailure { repeated Violation violations = 1; }` (type, subject, description). */
export declare function decodePreconditionFailure(bytes: Uint8Array): PreconditionViolation[];
/** `message RetryInfo { google.protobuf.Duration retry_delay = 1; }`, in milliseconds. */
export declare function decodeRetryInfo(bytes: Uint8Array): number;
