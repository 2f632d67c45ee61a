/**
 * Errors from Cercle's API, with the details the server packs into the gRPC status
 * (`grpc-status-details-bin`, a `google.rpc.Status`): the stable `ErrorInfo.reason` a frontend
 * translates (`NOT_YOUR_TURN`, `STALE_VERSION`...), `BadRequest` field violations,
 * `PreconditionFailure` violations, `RetryInfo` and the server's `LocalizedMessage`.
 *
 * The details are decoded with the generated `google.rpc` messages
 * (`./gen/google/rpc/error_details_pb.ts`, from protos/google/rpc), which the package also
 * exports as `@cercle/client/gen/google/rpc/error_details_pb` for code that reads a
 * `ConnectError` itself: `err.findDetails(ErrorInfoSchema)`.
 */

import { Code, ConnectError } from "@connectrpc/connect";

import {
  type BadRequest_FieldViolation,
  BadRequestSchema,
  type ErrorInfo,
  ErrorInfoSchema,
  type LocalizedMessage,
  LocalizedMessageSchema,
  type PreconditionFailure_Violation,
  PreconditionFailureSchema,
  RetryInfoSchema,
} from "./gen/google/rpc/error_details_pb.js";

export {
  type BadRequest,
  BadRequestSchema,
  type ErrorInfo,
  ErrorInfoSchema,
  type LocalizedMessage,
  LocalizedMessageSchema,
  type PreconditionFailure,
  PreconditionFailureSchema,
  type RetryInfo,
  RetryInfoSchema,
} from "./gen/google/rpc/error_details_pb.js";

/** One bad request field, `google.rpc.BadRequest.FieldViolation`. */
export type FieldViolation = BadRequest_FieldViolation;

/** One failed precondition, `google.rpc.PreconditionFailure.Violation`. */
export type PreconditionViolation = PreconditionFailure_Violation;

/** The gRPC status names, indexed by code (as the server and other SDKs spell them). */
export const STATUS_NAMES: readonly string[] = [
  "OK",
  "CANCELLED",
  "UNKNOWN",
  "INVALID_ARGUMENT",
  "DEADLINE_EXCEEDED",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "PERMISSION_DENIED",
  "RESOURCE_EXHAUSTED",
  "FAILED_PRECONDITION",
  "ABORTED",
  "OUT_OF_RANGE",
  "UNIMPLEMENTED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATA_LOSS",
  "UNAUTHENTICATED",
];

/**
 * A refused call. `reason` is `ErrorInfo.reason` when the server sent one, else the status
 * name (`UNAVAILABLE`...); `message` is the server's message, written for players.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    /** The gRPC status code (Connect's `Code` enum: the same numbers). */
    readonly code: Code,
    /** The stable reason (`NOT_YOUR_TURN`, `STALE_VERSION`, ...). */
    readonly reason: string,
    message: string,
    /** The first BadRequest field at fault ("" if none). */
    readonly field: string = "",
    readonly fieldViolations: FieldViolation[] = [],
    readonly preconditionViolations: PreconditionViolation[] = [],
    /** From `google.rpc.RetryInfo`, when the server says when to retry. */
    readonly retryDelayMs: number | undefined = undefined,
    readonly errorInfo: ErrorInfo | undefined = undefined,
    /** The server's message in the player's language, when it sent one. */
    readonly localizedMessage: LocalizedMessage | undefined = undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The status name: `FAILED_PRECONDITION`, `ABORTED`, ... */
  get codeName(): string {
    return STATUS_NAMES[this.code] ?? `CODE_${this.code}`;
  }

  override toString(): string {
    return `${this.message} (${this.reason})`;
  }
}

/** True for the status codes where a retry (same `requestId`) or a resume makes sense. */
export function isTransient(code: Code): boolean {
  return (
    code === Code.Unavailable ||
    code === Code.Unknown ||
    code === Code.Internal ||
    code === Code.DeadlineExceeded ||
    code === Code.Canceled
  );
}

/**
 * Whether a failed call is worth sending again (same `requestId`) or a stream worth
 * resuming: the server said when to retry (RetryInfo, e.g. RESOURCE_EXHAUSTED `RATE_LIMITED`),
 * or a transient code that is not a deliberate refusal (those carry an ErrorInfo), except
 * UNAVAILABLE, which always means "try again".
 */
export function shouldRetry(error: ApiError): boolean {
  if (error.retryDelayMs !== undefined) return true;
  if (!isTransient(error.code)) return false;
  return error.code === Code.Unavailable || error.errorInfo === undefined;
}

/** Turns anything a Connect call threw into an {@link ApiError} (details decoded). */
export function apiError(err: unknown): ApiError {
  if (err instanceof ApiError) {
    return err;
  }
  const connect = ConnectError.from(err);
  // findDetails decodes the details of each type it is asked for; a malformed detail is
  // skipped (code and message still say what happened).
  const info = connect.findDetails(ErrorInfoSchema)[0];
  const fieldViolations = connect.findDetails(BadRequestSchema).flatMap((d) => d.fieldViolations);
  const preconditionViolations = connect
    .findDetails(PreconditionFailureSchema)
    .flatMap((d) => d.violations);
  const retry = connect.findDetails(RetryInfoSchema)[0];
  const delay = retry?.retryDelay;
  const retryDelayMs = retry && (delay ? Number(delay.seconds) * 1000 + delay.nanos / 1e6 : 0);
  return new ApiError(
    connect.code,
    info?.reason || (STATUS_NAMES[connect.code] ?? "UNKNOWN"),
    connect.rawMessage,
    fieldViolations[0]?.field ?? "",
    fieldViolations,
    preconditionViolations,
    retryDelayMs,
    info,
    connect.findDetails(LocalizedMessageSchema)[0],
    { cause: err },
  );
}

/** The stable reason of an error (`ErrorInfo.reason`, else the status name). */
export function errorReason(err: unknown): string {
  return apiError(err).reason;
}
