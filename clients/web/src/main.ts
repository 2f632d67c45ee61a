/**
 * Cercle in the browser: the lobby, a table for each of the four games, and replays, over
 * gRPC-Web through Envoy with the generated Connect-ES stubs (clients/ts).
 *
 * Envoy's address is the page's own origin (`make run` serves the page through Envoy), or
 * `?envoy=http://host:port` when the page is served elsewhere. Every word comes from the
 * shared message catalogues (i18n.ts), in the language of `?lang=`, the one chosen before
 * (localStorage) or the browser's; the switch in the header changes it live.
 *
 * The guest session and the seat being played are kept in localStorage (session.ts): a
 * reload, or coming back later to the table's address, puts the player back in their seat.
 * Every place has its address (links.ts): the lobby, `?room=<id>` for a table, `?replay=<id>`
 * for a replay, each a history entry (back and forward move between them).
 */

import { type CercleClient, connectGrpcWeb } from "../../ts/src/web.js";
import { patternDefs } from "./cards.js";
import { $ } from "./dom.js";
import { isLanguage, language, localize, pickLanguage, setLanguage, t } from "./i18n.js";
import { type Place, placeOf, showPlace } from "./links.js";
import { Ladder } from "./ladder.js";
import { Lobby, rememberMatch } from "./lobby.js";
import { refusal, roomGone } from "./refusal.js";
import { Replay } from "./replay.js";
import { deviceId, forgetSeat, forgetSession, loadSeat, loadSession, type SavedSeat, saveSeat, saveSession } from "./session.js";
import { Table } from "./table.js";

const params = new URLSearchParams(location.search);
const envoyUrl = (params.get("envoy") ?? location.origin).replace(/\/$/, "");
const LANGUAGE_KEY = "cercle.lang";
setLanguage(pickLanguage(params.get("lang") ?? localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]));

let client: CercleClient | undefined;
let table: Table | undefined;
let replay: Replay | undefined;

/** The status line's words, kept to tell them again in another language. */
let status: { state: string; id: string; args?: Record<string, string> } = { state: "idle", id: "web-status-idle" };

function setStatus(state: string, id: string, args?: Record<string, string>): void {
  status = { state, id, args };
  const node = $("status");
  node.dataset.state = state;
  node.textContent = t(id, args);
}

function playerName(): string {
  const input = $("name") as HTMLInputElement;
  return input.value.trim() || t("web-default_name");
}

/** A client with a session: the saved one if the server still knows it, else a new guest. */
async function session(): Promise<CercleClient> {
  const name = playerName();
  if (client && loadSession()?.name === name) return client;
  const saved = loadSession();
  if (saved && saved.name === name) {
    const candidate = connectGrpcWeb(envoyUrl, { token: saved.token, refreshToken: saved.refreshToken });
    candidate.playerId = saved.playerId;
    client = candidate;
    return candidate;
  }
  const fresh = connectGrpcWeb(envoyUrl);
  // This browser's player (a device id kept in localStorage): the same player after a
  // reload, so its ratings count; a new name renames it.
  const login = await fresh.authenticateDevice(deviceId(), name);
  if (!login.created && login.displayName !== name) await fresh.updateProfile(name);
  saveSession({ token: fresh.token, refreshToken: fresh.refreshToken, playerId: fresh.playerId, name });
  client = fresh;
  return fresh;
}

/** The client trades its refresh token for a new pair when the access token expires (1 h):
 * keep the newest pair, so a reload tomorrow still finds the session. */
function keepTokens(): void {
  const saved = loadSession();
  if (client && saved && client.playerId === saved.playerId && client.token && client.token !== saved.token) {
    saveSession({ ...saved, token: client.token, refreshToken: client.refreshToken });
  }
}
setInterval(keepTokens, 2000);

/** Sits down at (or watches) a table just joined: its seat saved, the table opened. */
function enter(c: CercleClient, roomId: string, gameId: string, spectator: boolean, replace = false): Promise<void> {
  const seat: SavedSeat = { roomId, gameId, spectator, seq: "0" };
  saveSeat(seat);
  if (!spectator) rememberMatch({ roomId, gameId });
  return openTable(c, seat, replace);
}

const ladder = new Ladder({
  client: session,
  enter(c, roomId, gameId, spectator) {
    void enter(c, roomId, gameId, spectator);
  },
});

const lobby = new Lobby({
  client: session,
  enter(c, roomId, gameId, spectator) {
    void enter(c, roomId, gameId, spectator);
  },
  loaded: (games) => void ladder.render(games).catch(() => undefined),
  replay: (roomId) => void openReplay(roomId),
  resume: (seat) => void resume(seat),
  expired() {
    forgetSession();
    client = undefined;
  },
});

/** Back to the lobby, as a history entry of its own unless `replace`: the table (if any)
 * stops following, its seat stays saved (the lobby offers it again). */
function showLobby(replace = false, notice = ""): void {
  table?.close();
  table = undefined;
  replay = undefined;
  setStatus("idle", "web-status-idle");
  lobby.show(notice);
  showPlace({ kind: "lobby" }, replace);
}

/** The lobby with a refusal in words (a link to a table that is gone, private...). */
function refusedInLobby(err: unknown, fromLink = false): void {
  showLobby(true, fromLink ? t("web-link_refused", { why: refusal(err) }) : refusal(err));
  // A private table's plain link: the lobby asks for its code.
  if ((err as { reason?: string }).reason === "PRIVATE_ROOM") ($("code") as HTMLInputElement).focus();
}

async function openTable(c: CercleClient, seat: SavedSeat, replace = false): Promise<void> {
  table?.close();
  replay = undefined;
  table = new Table(
    c,
    seat.roomId,
    seat.gameId,
    {
      left: () => showLobby(),
      replay: (roomId) => void openReplay(roomId),
      status: setStatus,
    },
    BigInt(seat.seq || "0"),
    seat.cursor ?? "",
  );
  try {
    await table.open();
    showPlace({ kind: "table", roomId: seat.roomId }, replace);
    $("room-heading").focus();
  } catch (err) {
    if (roomGone(err)) {
      forgetSeat();
      if ((err as { reason?: string }).reason === "UNAUTHENTICATED") {
        forgetSession();
        client = undefined;
      }
    }
    refusedInLobby(err);
  }
}

/** Opens the table an address names: back in the saved seat if it is this table's, else
 * joined as a spectator (with the invite's join code, if the link has one); JoinRoom
 * answers the player's own seat if they hold one (saved in another browser tab, say). */
async function openLink(roomId: string, code: string | undefined): Promise<void> {
  const seat = loadSeat();
  if (seat?.roomId === roomId && loadSession()) {
    await resume(seat, true);
    return;
  }
  try {
    const c = await session();
    const joined = await c.joinRoom(code ? { joinCode: code, spectator: true } : { roomId, spectator: true });
    const room = joined.room!;
    // The address becomes the plain table link: the code is not kept in the history.
    await enter(c, room.roomId, room.gameId, joined.seat === undefined, true);
  } catch (err) {
    if ((err as { reason?: string }).reason === "UNAUTHENTICATED") {
      forgetSession();
      client = undefined;
    }
    refusedInLobby(err, true);
  }
}

/** Shows the place an address names (at the start, and on back and forward). */
function route(place: Place): void {
  if (place.kind === "table") {
    if (table?.roomId !== place.roomId) void openLink(place.roomId, place.code);
  } else if (place.kind === "replay") void openReplay(place.roomId, true);
  else showLobby(true);
}
window.addEventListener("popstate", () => route(placeOf(location.search)));

async function resume(seat: SavedSeat, replace = false): Promise<void> {
  const saved = loadSession();
  if (!saved) {
    forgetSeat();
    showLobby(replace);
    return;
  }
  ($("name") as HTMLInputElement).value = saved.name;
  saveSeat(seat);
  await openTable(await session(), seat, replace);
}

async function openReplay(roomId: string, replace = false): Promise<void> {
  table?.close();
  table = undefined;
  setStatus("idle", "web-status-idle");
  showPlace({ kind: "replay", roomId }, replace);
  replay = new Replay(await session(), roomId, () => showLobby());
  await replay.open();
}

// -- the lobby's forms ----------------------------------------------------------------------------

$("join-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  void lobby.join(($("code") as HTMLInputElement).value, false);
});
$("watch").addEventListener("click", () => {
  const code = $("code") as HTMLInputElement;
  if (code.reportValidity()) void lobby.join(code.value, true);
});
$("name").addEventListener("change", () => {
  // Another name is another guest: the next table opens a new session.
  client = undefined;
});

// -- language -------------------------------------------------------------------------------------

function applyLanguage(): void {
  document.documentElement.lang = language();
  localize(document);
  for (const b of document.querySelectorAll<HTMLButtonElement>("#lang-switch button")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === language()));
  }
  setStatus(status.state, status.id, status.args);
  if (table) {
    table.render();
    table.renderLog();
  }
  replay?.render();
}

for (const b of document.querySelectorAll<HTMLButtonElement>("#lang-switch button")) {
  b.addEventListener("click", () => {
    const lang = b.dataset.lang ?? "";
    if (!isLanguage(lang) || lang === language()) return;
    setLanguage(lang);
    localStorage.setItem(LANGUAGE_KEY, lang);
    const url = new URL(location.href);
    url.searchParams.set("lang", lang);
    history.replaceState(null, "", url);
    applyLanguage();
    if (!$("lobby").hidden) void lobby.load();
  });
}

// -- start ----------------------------------------------------------------------------------------

document.body.prepend(patternDefs());
const saved = loadSession();
($("name") as HTMLInputElement).value = params.get("name") ?? saved?.name ?? t("web-default_name");
applyLanguage();
// The address says where: a table, a replay, or the lobby (which offers the saved seat).
route(placeOf(location.search));
