/**
 * A URL per place (issue 30): the lobby is `/?lang=en`, a table `/?room=<room id>`, a
 * finished match's replay `/?replay=<room id>`, each its own history entry, so a table can
 * be bookmarked or shared and the back button goes from a table to the lobby. They are
 * query parameters of the one page (`/`, the only path the page is served at: Envoy sends
 * every GET to deploy/local/web.py), so no server route is needed; the page's own
 * parameters (`lang`, `envoy`) stay as they are.
 *
 * Opening a table's address (main.ts): the saved seat at that table puts the player back
 * in it; otherwise JoinRoom as a spectator, which also finds the player's own seat if they
 * have one. A private room's plain link is refused PRIVATE_ROOM (the lobby asks for the
 * code); the host's "copy invite link" adds `&code=<join code>`, which opens it.
 */

import { button, el } from "./dom.js";
import { t } from "./i18n.js";

export type Place =
  | { readonly kind: "lobby" }
  | { readonly kind: "table"; readonly roomId: string; readonly code?: string }
  | { readonly kind: "replay"; readonly roomId: string };

/** The parameters that name a place (the others belong to the page). */
const PLACE_KEYS = ["room", "code", "replay"];
/** The page's parameters a shared link leaves out: the reader's own language and name. */
const PERSONAL_KEYS = ["lang", "name"];
/** How long "link copied" stays on screen. */
const NOTE_MS = 5000;

/** Where an address (its query string) points. */
export function placeOf(search: string): Place {
  const params = new URLSearchParams(search);
  const roomId = params.get("room")?.trim();
  if (roomId) {
    const code = params.get("code")?.trim();
    return code ? { kind: "table", roomId, code } : { kind: "table", roomId };
  }
  const replay = params.get("replay")?.trim();
  return replay ? { kind: "replay", roomId: replay } : { kind: "lobby" };
}

/** The address of `place` from `base` (the page's address): its place parameters replaced,
 * the others kept. */
export function placeUrl(place: Place, base: string): string {
  const url = new URL(base);
  for (const key of PLACE_KEYS) url.searchParams.delete(key);
  if (place.kind === "table") {
    url.searchParams.set("room", place.roomId);
    if (place.code) url.searchParams.set("code", place.code);
  } else if (place.kind === "replay") url.searchParams.set("replay", place.roomId);
  url.hash = "";
  return url.toString();
}

/** The link to give someone else: the place, without the reader's language and name. */
export function sharedUrl(place: Place, base: string): string {
  const url = new URL(placeUrl(place, base));
  for (const key of PERSONAL_KEYS) url.searchParams.delete(key);
  return url.toString();
}

/** Shows `place` in the address bar: a new history entry (or, with `replace`, in place of
 * this one), unless the address already says it (a reload, or the back button). */
export function showPlace(place: Place, replace = false): void {
  const url = placeUrl(place, location.href);
  if (url === location.href) return;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
}

/** Puts `text` on the clipboard; whether it could (no clipboard, or no permission: the
 * caller shows the text to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return false;
  return clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

/** What was copied last (which link, the line about it) and until when it is said. */
let note: { kind: string; text: string; link: string; until: number } | undefined;

/** The table's link buttons: "copy link" for everyone, "copy invite link" (with the join
 * code) for the host of a private room whose code still opens it, and the line saying it
 * was copied (or, without a clipboard, the link itself to copy by hand). */
export function linkControls(roomId: string, inviteCode: string | undefined): HTMLElement {
  const copy = (place: Place, done: string): void => {
    const link = sharedUrl(place, location.href);
    const kind = place.kind === "table" && place.code ? "invite" : "link";
    const show = (copied: boolean): void => {
      note = { kind, text: copied ? done : t("web-link_copy_here"), link: copied ? "" : link, until: Date.now() + NOTE_MS };
      drawNote();
      setTimeout(drawNote, NOTE_MS + 50);
    };
    void copyText(link).then(show);
  };
  const box = el(
    "span",
    { id: "table-links" },
    button(t("web-link_copy"), () => copy({ kind: "table", roomId }, t("web-link_copied")), { id: "copy-link" }),
    inviteCode
      ? button(t("web-link_invite"), () => copy({ kind: "table", roomId, code: inviteCode }, t("web-link_invite_copied")), { id: "copy-invite" })
      : undefined,
    el("span", { id: "link-note", role: "status", aria: { live: "polite" } }),
  );
  queueMicrotask(drawNote);
  return box;
}

function drawNote(): void {
  const node = document.getElementById("link-note");
  if (!node) return;
  if (!note || Date.now() > note.until) {
    note = undefined;
    delete node.dataset.kind;
    node.replaceChildren();
    return;
  }
  node.dataset.kind = note.kind;
  const link = note.link
    ? el("input", { id: "link-text", readOnly: true, value: note.link, size: 40, aria: { label: t("web-link_copy") } })
    : undefined;
  node.replaceChildren(note.text, link ? " " : "", link ?? "");
  if (link instanceof HTMLInputElement) link.select();
}
