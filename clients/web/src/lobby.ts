/**
 * The lobby: the game catalogue (LobbyService.ListGames, in the page's language), and for
 * each game a quick match against bots, a search for other players (QuickMatch) and a new
 * table with the game's own options (OptionInfo: numbers with their bounds, switches,
 * choices with their labels); joining or watching by join code; my matches (the seat being
 * played, and the finished matches this browser played, with their replays).
 */

import {
  apiError,
  BotLevel,
  type CercleClient,
  type GameInfo,
  NotificationKind,
  type OptionInfo,
  OptionKind,
  RoomStatus,
} from "../../ts/src/index.js";
import { $, button, el } from "./dom.js";
import { gameUi } from "./games/registry.js";
import { gameTitle, rememberGameNames } from "./games/titles.js";
import { hasMessage, language, t } from "./i18n.js";
import { copyText } from "./links.js";
import { refusal } from "./refusal.js";
import { loadSeat, loadSession, type SavedSeat } from "./session.js";

export interface LobbyHooks {
  /** A client with a session (made from the saved token, or a new guest session). */
  client(): Promise<CercleClient>;
  /** Sits down at (or watches) a room. */
  enter(client: CercleClient, roomId: string, gameId: string, spectator: boolean): void;
  /** Opens a finished match's replay. */
  replay(roomId: string): void;
  /** Resumes the saved seat. */
  resume(seat: SavedSeat): void;
  /** The saved session is no longer known to the server: forget it (the next call opens a
   * new guest session). */
  expired(): void;
  /** The catalogue was drawn (the ladder draws its part, ladder.ts). */
  loaded?(games: readonly GameInfo[]): void;
}

const RECENT_KEY = "cercle.recent";
/** A turn-based table made from the new-table form: a day per decision. */
const TURN_BASED_MS = 24 * 3600 * 1000;
/** How many of the player's rooms the lobby lists. */
const MY_MATCHES = 20;
const RECENT_KEPT = 10;

/** Matches this browser sat at (room id and game), newest first: "my matches". */
export interface RecentMatch {
  readonly roomId: string;
  readonly gameId: string;
}

export function rememberMatch(match: RecentMatch): void {
  const list = recentMatches().filter((m) => m.roomId !== match.roomId);
  list.unshift(match);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_KEPT)));
  } catch {
    // No storage: no list.
  }
}

export function recentMatches(): RecentMatch[] {
  try {
    return JSON.parse(localStorage.getItem(RECENT_KEY) ?? "[]") as RecentMatch[];
  } catch {
    return [];
  }
}

/** The usual table size for a quick match against bots: the game module's, within the
 * catalogue's bounds (4 for a game this page does not know). */
function usualPlayers(game: GameInfo): number {
  return Math.min(game.maxPlayers, Math.max(game.minPlayers, gameUi(game.gameId)?.usualPlayers ?? 4));
}

function range(low: number, high: number): number[] {
  return Array.from({ length: Math.max(0, high - low + 1) }, (_, i) => low + i);
}

function select(id: string, values: number[], chosen: number): HTMLSelectElement {
  const node = el("select", { id, name: id });
  for (const v of values) node.append(el("option", { value: String(v), selected: v === chosen }, String(v)));
  return node;
}

/** The short label of an option (its description is the help line under it). */
function optionLabel(option: OptionInfo): string {
  const id = `web-option-${option.name}`;
  return hasMessage(language(), id) ? t(id) : option.description || option.name;
}

function optionField(game: GameInfo, option: OptionInfo): HTMLElement {
  const id = `opt-${game.gameId}-${option.name}`;
  const help = el("small", { id: `${id}-help`, className: "help" }, option.description);
  const value = option.defaultValue?.value;
  let input: HTMLElement;
  switch (option.kind) {
    case OptionKind.BOOL:
      input = el("input", { id, type: "checkbox", checked: value?.case === "boolValue" && value.value, dataset: { option: option.name, kind: "bool" } });
      break;
    case OptionKind.CHOICE: {
      // The values are the enum's numbers (a game's levels...), labelled by the server.
      const chosen = value?.case === "enumValue" ? value.value : 0;
      input = el(
        "select",
        { id, dataset: { option: option.name, kind: "choice" } },
        ...option.choices.map((c) => el("option", { value: String(c.value), selected: c.value === chosen }, c.label || String(c.value))),
      );
      break;
    }
    default: {
      // An option that may stay unset (first_player: drawn at random) starts empty.
      const number = value?.case === "intValue" ? String(value.value) : option.mayBeUnset ? "" : "0";
      const node = el("input", { id, type: "number", value: number, dataset: { option: option.name, kind: "int" } });
      if (option.mayBeUnset) node.placeholder = option.unsetLabel;
      if (option.minimum !== undefined) node.min = String(option.minimum);
      if (option.maximum !== undefined) node.max = String(option.maximum);
      input = node;
    }
  }
  input.setAttribute("aria-describedby", help.id);
  return el("div", { className: "field" }, el("label", { htmlFor: id }, optionLabel(option)), input, help);
}

/** The form's options by field name of the game's options message (a choice as its enum
 * number); an empty number is left out, so the server takes its default. */
function readOptions(form: HTMLElement): Record<string, number | boolean> {
  const options: Record<string, number | boolean> = {};
  for (const node of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-option]")) {
    const name = node.dataset.option!;
    if (node.dataset.kind === "bool") options[name] = (node as HTMLInputElement).checked;
    else if (node.value.trim() !== "") options[name] = Number(node.value);
  }
  return options;
}

/** A refusal's place next to the control that caused it: a live region, so a screen reader
 * says it; kept in the page while empty (a region that appears is not always announced). */
export function refusalNode(id: string): HTMLElement {
  return el("p", { id, className: "error refusal", role: "alert", aria: { live: "assertive", atomic: "true" } });
}

/** Shows (or clears) a refusal in its place, scrolled into view: the issue 30 phone had it
 * 1,116 px above the viewport, so a wrong join code seemed to do nothing. */
export function showRefusal(node: HTMLElement, text: string): void {
  node.textContent = text;
  if (text) node.scrollIntoView({ block: "nearest" });
}

/** How long "copied" stays by the player id. */
const COPIED_MS = 5000;
let copiedTimer: ReturnType<typeof setTimeout> | undefined;

/** "Your player id: p-…" with its copy button, once the page has a session: the id a
 * friend pastes in their table's "Invite a player" (invite.ts). Without a clipboard the id
 * is selected, to copy by hand. */
export function showPlayerId(playerId: string): void {
  $("player-id-row").hidden = !playerId;
  const id = $("player-id");
  if (id.textContent === playerId) return;
  id.textContent = playerId;
  $("player-id-note").textContent = "";
  $("copy-player-id").onclick = () =>
    void copyText(playerId).then((copied) => {
      if (!copied) window.getSelection()?.selectAllChildren(id);
      const note = $("player-id-note");
      note.textContent = t(copied ? "web-player_id-copied" : "web-player_id-copy_here");
      clearTimeout(copiedTimer);
      copiedTimer = setTimeout(() => (note.textContent = ""), COPIED_MS);
    });
}

export class Lobby {
  private games: GameInfo[] = [];
  private busy = false;
  /** Why the page came back here (a table's link refused): shown until the next action. */
  private notice = "";

  constructor(private readonly hooks: LobbyHooks) {}

  show(notice = ""): void {
    $("room").hidden = true;
    $("replay").hidden = true;
    $("lobby").hidden = false;
    this.notice = notice;
    this.setError("");
    this.renderMyMatches();
    void this.load();
  }

  /** Fetches the catalogue in the page's language and draws it. */
  async load(): Promise<void> {
    try {
      const client = await this.hooks.client();
      showPlayerId(client.playerId);
      this.games = await client.listGames(language());
      rememberGameNames(this.games);
      this.setError("");
    } catch (err) {
      this.setError(refusal(err));
    }
    this.render();
    this.hooks.loaded?.(this.games);
  }

  private setError(text: string): void {
    const node = $("lobby-error");
    const shown = text || this.notice;
    node.textContent = shown;
    node.hidden = !shown;
  }

  /** Runs a lobby action: one at a time, a refusal shown in words in `where`, next to the
   * control that asked (the join form, the game's quick match row, its new-table form). */
  private async run(where: HTMLElement, work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    document.body.classList.add("busy");
    this.notice = "";
    this.setError("");
    for (const node of document.querySelectorAll<HTMLElement>("#lobby .refusal")) showRefusal(node, "");
    try {
      await work();
    } catch (err) {
      if (apiError(err).reason === "UNAUTHENTICATED") this.hooks.expired();
      showRefusal(where, refusal(err));
    } finally {
      this.busy = false;
      document.body.classList.remove("busy");
    }
  }

  render(): void {
    $("games").replaceChildren(...this.games.map((game) => this.gameCard(game)));
    this.renderMyMatches();
  }

  private gameCard(game: GameInfo): HTMLElement {
    const players = select(`players-${game.gameId}`, range(game.minPlayers, game.maxPlayers), usualPlayers(game));
    const refused = refusalNode(`quick-error-${game.gameId}`);
    const quick = button(t("web-quick_bots"), () => void this.run(refused, () => this.quickBots(game, Number(players.value))), {
      className: "primary",
      dataset: { quick: game.gameId },
    });
    const find = button(t("web-quick_humans"), () => void this.run(refused, () => this.quickHumans(game, Number(players.value))), {
      dataset: { find: game.gameId },
    });
    const details = el("details", { className: "new-table" }, el("summary", {}, t("web-new_table")), this.createForm(game));
    const heading = `game-${game.gameId}-name`;
    return el(
      "article",
      { className: "game", id: `game-${game.gameId}`, aria: { labelledby: heading } },
      el("h3", { id: heading }, game.name),
      el("p", {}, game.summary),
      el(
        "p",
        { className: "meta" },
        game.minPlayers === game.maxPlayers
          ? t("players_one", { n: game.minPlayers })
          : t("players_range", { low: game.minPlayers, high: game.maxPlayers }),
      ),
      el("div", { className: "row" }, el("label", { htmlFor: players.id }, t("web-players")), players, quick, find),
      refused,
      details,
    );
  }

  private createForm(game: GameInfo): HTMLFormElement {
    const g = game.gameId;
    const seats = select(`seats-${g}`, range(game.minPlayers, game.maxPlayers), usualPlayers(game));
    const bots = el("select", { id: `bots-${g}` });
    const fillBots = (): void => {
      const n = Number(seats.value);
      const previous = bots.value;
      bots.replaceChildren(...range(0, n - 1).map((v) => el("option", { value: String(v) }, String(v))));
      bots.value = previous && Number(previous) < n ? previous : String(n - 1);
    };
    seats.addEventListener("change", fillBots);
    fillBots();
    const isPrivate = el("input", { id: `private-${g}`, type: "checkbox", checked: true });
    const turnBased = el("input", { id: `turn-based-${g}`, type: "checkbox", checked: false });
    const delay = el("input", { id: `delay-${g}`, type: "number", min: "0", max: "30000", value: "800" });
    const refused = refusalNode(`create-error-${g}`);
    const field = (node: HTMLElement, label: string): HTMLElement =>
      el("div", { className: "field" }, el("label", { htmlFor: node.id }, label), node);
    const form = el(
      "form",
      { className: "create", dataset: { game: g } },
      field(seats, t("web-seats")),
      field(bots, t("web-bots")),
      ...game.options.map((o) => optionField(game, o)),
      field(isPrivate, t("web-private")),
      field(turnBased, t("web-turn_based")),
      field(delay, t("web-bot_delay")),
      el("button", { type: "submit", className: "primary", dataset: { create: g } }, t("web-create")),
      refused,
    );
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      void this.run(refused, () =>
        this.create(game, {
          seats: Number(seats.value),
          bots: Number(bots.value),
          private: isPrivate.checked,
          botDelayMs: Number(delay.value),
          options: readOptions(form),
          turnBased: turnBased.checked,
        }),
      );
    });
    return form;
  }

  private async quickBots(game: GameInfo, players: number): Promise<void> {
    if (players <= 1) {
      await this.create(game, { seats: 1, bots: 0, private: true, botDelayMs: 800, options: {} });
      return;
    }
    const client = await this.hooks.client();
    const joined = await client.quickMatch(game.gameId, { players, bots: players - 1, botLevel: BotLevel.STRONG });
    this.hooks.enter(client, joined.room!.roomId, game.gameId, false);
  }

  private async quickHumans(game: GameInfo, players: number): Promise<void> {
    const client = await this.hooks.client();
    const joined = await client.quickMatch(game.gameId, { players });
    await client.setReady(joined.room!.roomId, true);
    this.hooks.enter(client, joined.room!.roomId, game.gameId, false);
  }

  private async create(
    game: GameInfo,
    wanted: {
      seats: number;
      bots: number;
      private: boolean;
      botDelayMs: number;
      options: Record<string, number | boolean>;
      turnBased?: boolean;
    },
  ): Promise<void> {
    const client = await this.hooks.client();
    const room = await client.createRoom(game.gameId, {
      players: wanted.seats,
      private: wanted.private,
      options: wanted.options,
      botDelayMs: wanted.botDelayMs,
      turnBasedMs: wanted.turnBased ? TURN_BASED_MS : undefined,
    });
    for (let i = 0; i < wanted.bots; i++) await client.addBot(room.roomId, { level: BotLevel.STRONG });
    const readied = await client.setReady(room.roomId, true);
    // A turn-based table starts by itself once every seat is ready.
    if (wanted.bots === wanted.seats - 1 && readied?.status !== RoomStatus.PLAYING) await client.start(room.roomId);
    this.hooks.enter(client, room.roomId, game.gameId, false);
  }

  /** Joins (or watches) by join code. */
  async join(code: string, spectator: boolean): Promise<void> {
    await this.run($("join-error"), async () => {
      const client = await this.hooks.client();
      const joined = await client.joinRoom({ joinCode: code.trim(), spectator });
      const room = joined.room!;
      if (!spectator) await client.setReady(room.roomId, true);
      this.hooks.enter(client, room.roomId, room.gameId, spectator);
    });
  }

  /** My matches: the rooms the server says the player sits in or watches (ListMyRooms),
   * newest first: back to a seat, watch again, or the replay of a finished match. Before a
   * session exists (or if the server cannot say), the matches this browser remembers. */
  renderMyMatches(): void {
    const seat = loadSeat();
    const list = $("matches-list");
    const drawLocal = (): void => {
      const recent = recentMatches().filter((m) => m.roomId !== seat?.roomId);
      const items: HTMLElement[] = [];
      if (seat) items.push(this.matchItem(seat.roomId, seat.gameId, seat.spectator ? "watching" : "seated"));
      for (const match of recent) items.push(this.matchItem(match.roomId, match.gameId, "finished"));
      list.replaceChildren(...(items.length ? items : [el("li", { className: "meta" }, t("web-my_matches-none"))]));
    };
    drawLocal();
    if (!loadSession()) return;
    void this.hooks
      .client()
      .then(async (client) => {
        void this.renderInvitations(client);
        return client.listMyRooms(MY_MATCHES);
      })
      .then((rooms) => {
        const items = rooms.map((room) => {
          const done = room.status === RoomStatus.FINISHED || room.status === RoomStatus.ABANDONED;
          const state = done ? "finished" : room.mySeat !== undefined ? "seated" : "watching";
          return this.matchItem(room.roomId, room.gameId, state, room.myTurn?.waiting === true);
        });
        list.replaceChildren(...(items.length ? items : [el("li", { className: "meta" }, t("web-my_matches-none"))]));
        const waiting = rooms.filter((room) => room.myTurn?.waiting === true).length;
        list.dataset.myTurns = String(waiting);
      })
      .catch(() => undefined); // an older server, or offline: the local list stays
    this.watchTurns();
  }

  /** Keeps "my matches" live: every notification of the player's inbox (WatchInbox: your
   * turn, a match started or ended, an invitation, on whichever replica) redraws the list and
   * its "your turn" badges. One stream per page, from the first list with a session. */
  private watchTurns(): void {
    if (this.inboxWatch !== undefined) return;
    const watch = new AbortController();
    this.inboxWatch = watch;
    void this.hooks
      .client()
      .then(async (client) => {
        for await (const _note of client.watchInbox(0n, watch.signal)) {
          if (!$("lobby").hidden) this.renderMyMatches();
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.inboxWatch === watch) this.inboxWatch = undefined;
      });
  }

  private inboxWatch: AbortController | undefined;

  /** The invitations not answered yet (unread NOTIFICATION_KIND_INVITATION of the inbox):
   * "Ana invites you to a table of <game>", Accept (a seat: RespondToInvitation) or Decline;
   * either marks it read. */
  private async renderInvitations(client: CercleClient): Promise<void> {
    const list = $("invitations-list");
    const { notifications } = await client.listNotifications(50).catch(() => ({ notifications: [] }));
    const open = notifications.filter((n) => n.kind === NotificationKind.INVITATION && !n.read);
    const answer = (note: (typeof open)[number], accept: boolean): void =>
      void this.run(list, async () => {
        const room = await client.respondToInvitation(note.invitationCode, accept);
        await client.markNotificationsRead([note.notificationId]);
        if (room) this.hooks.enter(client, room.roomId, room.gameId, false);
        else this.renderMyMatches();
      });
    list.replaceChildren(
      ...open.map((note) =>
        el(
          "li",
          { dataset: { invitation: note.roomId } },
          t("web-invitation", { name: note.fromDisplayName, game: gameTitle(note.gameId) }),
          " ",
          button(t("web-invitation-accept"), () => answer(note, true), { className: "primary", dataset: { accept: note.roomId } }),
          " ",
          button(t("web-invitation-decline"), () => answer(note, false), { dataset: { decline: note.roomId } }),
        ),
      ),
    );
    list.hidden = open.length === 0;
  }

  private matchItem(
    roomId: string,
    gameId: string,
    state: "seated" | "watching" | "finished",
    myTurn = false,
  ): HTMLElement {
    const game = gameTitle(gameId);
    if (state === "finished") {
      return el(
        "li",
        {},
        t("web-my_matches-past", { game }),
        " ",
        button(t("web-replay_open"), () => this.hooks.replay(roomId), { dataset: { replay: roomId } }),
      );
    }
    const saved = loadSeat();
    const seat: SavedSeat =
      saved?.roomId === roomId ? saved : { roomId, gameId, spectator: state === "watching", seq: "0" };
    return el(
      "li",
      myTurn ? { className: "turn-waiting", dataset: { myTurn: roomId } } : {},
      t(state === "watching" ? "web-my_matches-watching" : "web-my_matches-current", { game }),
      " ",
      ...(myTurn ? [el("span", { className: "badge" }, t("web-my_matches-your_turn")), " "] : []),
      button(t("web-resume"), () => this.hooks.resume(seat), {
        className: "primary",
        dataset: { resume: roomId },
        ...(saved?.roomId === roomId ? { id: "resume" } : {}),
      }),
    );
  }
}
