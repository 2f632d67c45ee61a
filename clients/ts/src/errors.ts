/**
 * Errors from Cercle's API, with the details the server packs into the gRPC status
 * (`grpc-status-details-bin`, a `google.rpc.Status`): the stable `ErrorInfo.reason` a frontend
 * translates (`NOT_YOUR_TURN`, `STALE_VERSION`...), `BadRequest` field violations,
 * `PreconditionFailure` violations and `RetryInfo`.
 *
 * The google.rpc detail messages are decoded here with the protobuf wire reader rather than
 * generated code: they are small, stable, and this keeps googleapis out of the build.
 */

import { Code, ConnectError } from "@connectrpc/connect";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";

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
  let info: ErrorInfo | undefined;
  const fieldViolations: FieldViolation[] = [];
  const preconditionViolations: PreconditionViolation[] = [];
  let retryDelayMs: number | undefined;
  for (const detail of connect.details) {
    if (!("type" in detail)) {
      continue; // an outgoing detail: only servers make those
    }
    try {
      switch (detail.type) {
        case "google.rpc.ErrorInfo":
          info = decodeErrorInfo(detail.value);
          break;
        case "google.rpc.BadRequest":
          fieldViolations.push(...decodeBadRequest(detail.value));
          break;
        case "google.rpc.PreconditionFailure":
          preconditionViolations.push(...decodePreconditionFailure(detail.value));
          break;
        case "google.rpc.RetryInfo":
          retryDelayMs = decodeRetryInfo(detail.value);
          break;
      }
    } catch {
      // A malformed detail is ignored: code and message still say what happened.
    }
  }
  return new ApiError(
    connect.code,
    info?.reason || (STATUS_NAMES[connect.code] ?? "UNKNOWN"),
    connect.rawMessage,
    fieldViolations[0]?.field ?? "",
    fieldViolations,
    preconditionViolations,
    retryDelayMs,
    info,
    { cause: err },
  );
}

/** The stable reason of an error (`ErrorInfo.reason`, else the status name). */
export function errorReason(err: unknown): string {
  return apiError(err).reason;
}

// -- google.rpc wire decoding -------------------------------------------------------------------

type FieldHandler = (reader: BinaryReader, fieldNo: number, wireType: WireType) => boolean;

function readMessage(bytes: Uint8Array, handle: FieldHandler): void {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag();
    if (!handle(reader, fieldNo, wireType)) {
      reader.skip(wireType, fieldNo);
    }
  }
}

/** `message ErrorInfo { string reason = 1; string domain = 2; map<string, string> metadata = 3; }` */
export function decodeErrorInfo(bytes: Uint8Array): ErrorInfo {
  const info: ErrorInfo = { reason: "", domain: "", metadata: {} };
  readMessage(bytes, (r, no, wt) => {
    if (wt !== WireType.LengthDelimited) return false;
    if (no === 1) info.reason = r.string();
    else if (no === 2) info.domain = r.string();
    else if (no === 3) {
      let key = "";
      let value = "";
      readMessage(r.bytes(), (e, n, w) => {
        if (w !== WireType.LengthDelimited) return false;
        if (n === 1) key = e.string();
        else if (n === 2) value = e.string();
        else return false;
        return true;
      });
      info.metadata[key] = value;
    } else return false;
    return true;
  });
  return info;
}

/** `message BadRequest { repeated FieldViolation field_violations = 1; }` */
export function decodeBadRequest(bytes: Uint8Array): FieldViolation[] {
  const out: FieldViolation[] = [];
  readMessage(bytes, (r, no, wt) => {
    if (no !== 1 || wt !== WireType.LengthDelimited) return false;
    const violation: FieldViolation = { field: "", description: "" };
    readMessage(r.bytes(), (v, n, w) => {
      if (w !== WireType.LengthDelimited) return false;
      if (n === 1) violation.field = v.string();
      else if (n === 2) violation.description = v.string();
      else return false;
      return true;
    });
    out.push(violation);
    return true;
  });
  return out;
}

/** `message PreconditionFailure { repeated Violation violations = 1; }` (type, subject, description). */
export function decodePreconditionFailure(bytes: Uint8Array): PreconditionViolation[] {
  const out: PreconditionViolation[] = [];
  readMessage(bytes, (r, no, wt) => {
    if (no !== 1 || wt !== WireType.LengthDelimited) return false;
    const violation: PreconditionViolation = { type: "", subject: "", description: "" };
    readMessage(r.bytes(), (v, n, w) => {
      if (w !== WireType.LengthDelimited) return false;
      if (n === 1) violation.type = v.string();
      else if (n === 2) violation.subject = v.string();
      else if (n === 3) violation.description = v.string();
      else return false;
      return true;
    });
    out.push(violation);
    return true;
  });
  return out;
}

/** `message RetryInfo { google.protobuf.Duration retry_delay = 1; }`, in milliseconds. */
export function decodeRetryInfo(bytes: Uint8Array): number {
  let ms = 0;
  readMessage(bytes, (r, no, wt) => {
    if (no !== 1 || wt !== WireType.LengthDelimited) return false;
    readMessage(r.bytes(), (d, n, w) => {
      if (w !== WireType.Varint) return false;
      if (n === 1) ms += Number(d.int64()) * 1000;
      else if (n === 2) ms += d.int32() / 1e6;
      else return false;
      return true;
    });
    return true;
  });
  return ms;
}
