/**
 * A refused call in plain words, in the page's language: the server's stable reason
 * (`ErrorInfo.reason`) picks a sentence of web.ftl (`web-refusal-<REASON>`, its variables
 * the refusal's `ErrorInfo.metadata`, e.g. CARD_NOT_AVAILABLE's `why`); a reason the
 * page does not know shows the server's text for players (`LocalizedMessage`) when it is in
 * the page's language, else its own message. Never a code on screen.
 */

import { ApiError, apiError } from "../../ts/src/index.js";
import { hasMessage, language, t } from "./i18n.js";

export function refusal(err: unknown): string {
  if (err instanceof TypeError) return t("web-refusal-UNAVAILABLE"); // fetch failed: offline
  const error = err instanceof ApiError ? err : apiError(err);
  const id = `web-refusal-${error.reason}`;
  if (hasMessage(language(), id)) return t(id, { ...error.errorInfo?.metadata });
  const localized = error.localizedMessage;
  if (localized?.message && localized.locale.toLowerCase().split("-")[0] === language()) return localized.message;
  // The server's message is for players, but it may end with a reason in capitals.
  return error.message.replace(/\s*\([A-Z_]+\)\s*$/, "") || t("web-refusal-UNKNOWN");
}

/** Whether the error means the seat or room is gone (the page goes back to the lobby). */
export function roomGone(err: unknown): boolean {
  const error = err instanceof ApiError ? err : apiError(err);
  return ["ROOM_NOT_FOUND", "NOT_IN_ROOM", "LEFT_ROOM", "UNAUTHENTICATED"].includes(error.reason);
}
