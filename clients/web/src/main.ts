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
 * reload, or coming back later, puts the player back in their seat.
 */

import { type CercleClient, connectGrpcWeb } from "../../ts/src/web.js";
import { patternDefs } from "./cards.js";
import { $ } from "./dom.js";
import { isLanguage, language, localize, pickLanguage, setLanguage, t } from "./i18n.js";
import { Lobby, rememberMatch } from "./lobby.js";
import { refusal, roomGone } from "./refusal.js";
import { Replay } from "./replay.js";
import { forgetSeat, forgetSession, loadSeat, loadSession, type SavedSeat, saveSeat, saveSession } from "./session.js";
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
  await fresh.createSession(name);
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

const lobby = new Lobby({
  client: session,
  enter(c, roomId, gameId, spectator) {
    const seat: SavedSeat = { roomId, gameId, spectator, seq: "0" };
    saveSeat(seat);
    if (!spectator) rememberMatch({ roomId, gameId });
    void openTable(c, seat);
  },
  replay: (roomId) => void openReplay(roomId),
  resume: (seat) => void resume(seat),
  expired() {
    forgetSession();
    client = undefined;
  },
});

async function openTable(c: CercleClient, seat: SavedSeat): Promise<void> {
  table?.close();
  table = new Table(
    c,
    seat.roomId,
    seat.gameId,
    {
      left() {
        table = undefined;
        setStatus("idle", "web-status-idle");
        lobby.show();
      },
      replay: (roomId) => void openReplay(roomId),
      status: setStatus,
    },
    BigInt(seat.seq || "0"),
    seat.cursor ?? "",
  );
  try {
    await table.open();
    $("room-heading").focus();
  } catch (err) {
    if (roomGone(err)) {
      forgetSeat();
      if ((err as { reason?: string }).reason === "UNAUTHENTICATED") {
        forgetSession();
        client = undefined;
      }
    }
    table?.close();
    table = undefined;
    lobby.show();
    const node = $("lobby-error");
    node.textContent = refusal(err);
    node.hidden = false;
  }
}

async function resume(seat: SavedSeat): Promise<void> {
  const saved = loadSession();
  if (!saved) {
    forgetSeat();
    lobby.show();
    return;
  }
  ($("name") as HTMLInputElement).value = saved.name;
  saveSeat(seat);
  await openTable(await session(), seat);
}

async function openReplay(roomId: string): Promise<void> {
  table?.close();
  table = undefined;
  setStatus("idle", "web-status-idle");
  replay = new Replay(await session(), roomId, () => {
    replay = undefined;
    lobby.show();
  });
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
    params.set("lang", lang);
    history.replaceState(null, "", `?${params}`);
    applyLanguage();
    if (!$("lobby").hidden) void lobby.load();
  });
}

// -- start ----------------------------------------------------------------------------------------

document.body.prepend(patternDefs());
const saved = loadSession();
($("name") as HTMLInputElement).value = params.get("name") ?? saved?.name ?? t("web-default_name");
applyLanguage();
const seat = loadSeat();
if (seat && saved) void resume(seat);
else lobby.show();
