/**
 * A table being played or watched: follows the room from GameService.Subscribe (resuming
 * from the last update seen after a reload or a dropped stream), takes the reader's choices
 * (the legal actions the server pushes with every view, GetView's and each update's,
 * out-of-turn calls included; never asked for with ListLegalActions), sends the reader's
 * actions, and draws what every game shares (table-draw.ts, region by region): the room bar,
 * the seats with their clocks, whose turn it is and what the reader may do now, refusals in
 * plain words, the game's own table (games/<game>.ts), buttons for every other legal action,
 * the outcome and the log.
 *
 * It follows from the opaque resume cursor (kept in the saved seat); a cursor of a log that
 * was rewritten since (CURSOR_STALE, or CURSOR_AHEAD after a restore) makes it take a fresh
 * view and follow from that view's cursor, saying so in words. Clocks run in the server's
 * time (`server_time` of every update and view). Who is connected and the table chat are
 * chat.ts's (the stream is asked for presence).
 */

import {
  type Action,
  apiError,
  type CercleClient,
  type Deadline,
  type Event,
  type GetGameCatalogueResponse,
  type Outcome,
  type Room,
  RoomStatus,
  type SubscribeResponse,
  UpdateKind,
  type View,
} from "../../ts/src/index.js";
import { ChatPanel } from "./chat.js";
import { observeServerTime, resetClock } from "./clock.js";
import { $, rememberFocus, restoreFocus } from "./dom.js";
import { gameUi } from "./games/registry.js";
import { knowsTitle, rememberGameNames } from "./games/titles.js";
import type { GameUi, Names, TableContext } from "./games/types.js";
import { language, t } from "./i18n.js";
import { InvitePanel } from "./invite.js";
import { ratingChangeNode } from "./ladder.js";
import { PeekPanel } from "./peek.js";
import { refusal, roomGone } from "./refusal.js";
import { forgetSeat, LOG_KEPT, loadLog, saveCursor, saveLog } from "./session.js";
import { ReaderChoices } from "./table-choices.js";
import { drawBar, drawBoard, drawOutcome, drawPrompt, drawSeats, logLine, type TableScene, tickClocks } from "./table-draw.js";
import { PHONE, tray, untray } from "./tray.js";
import { tableNames } from "./words.js";

/** How long the page waits before following a table again after the stream gave up. */
const FOLLOW_AGAIN_MS = 3000;

export interface TableHooks {
  /** Back to the lobby (the seat is forgotten). */
  left(): void;
  /** Opens the replay of a finished match. */
  replay(roomId: string): void;
  /** The connection line in the header. */
  status(state: "live" | "reconnecting" | "error", id: string, args?: Record<string, string>): void;
}

export class Table {
  room: Room | undefined;
  view: View | undefined;
  deadlines: Deadline[] = [];
  waitingFor: number[] = [];
  seq = 0n;
  /** The resume cursor of the latest update (or view) taken in: the stream follows from it. */
  cursor = "";
  /** The match version of the latest update. */
  version = 0n;
  /** The reader's choices (table-choices.ts). */
  private readonly choices = new ReaderChoices();
  /** Whether the server was asked for the game's name (a game web.ftl does not name). */
  private askedTitle = false;
  outcome: Outcome | undefined;
  /** After a rated match: its rating change (ladder.ts), made once. */
  private ratingLine: HTMLElement | undefined;
  events: Event[] = [];
  catalogue: GetGameCatalogueResponse | undefined;
  private busy = false;
  private actionsPlayed = 0;
  private error = "";
  private streamError = "";
  private choice: { prompt: string; actions: readonly Action[] } | undefined;
  private notice = "";
  readonly chat: ChatPanel;
  /** "Invite a player" while the table is open (invite.ts). */
  private readonly invite: InvitePanel;
  private readonly stop = new AbortController();
  private ticker: ReturnType<typeof setInterval> | undefined;
  readonly ui: GameUi<unknown> | undefined;

  constructor(
    readonly client: CercleClient,
    readonly roomId: string,
    readonly gameId: string,
    private readonly hooks: TableHooks,
    seq = 0n,
    cursor = "",
  ) {
    this.ui = gameUi(gameId);
    this.names = tableNames(this);
    // Without a cursor the stream starts at the room's first update: the log is told afresh.
    this.seq = cursor ? seq : 0n;
    this.cursor = cursor;
    this.events = cursor ? loadLog(roomId) : [];
    this.chat = new ChatPanel(client, roomId, this.names);
    this.invite = new InvitePanel(client, roomId);
    this.peek = new PeekPanel(this.ui, this.names);
  }

  /** A card shown to the reader alone (a peek), kept in view (peek.ts). */
  private readonly peek: PeekPanel;

  // -- names ----------------------------------------------------------------------------------

  get mySeat(): number {
    return this.room?.mySeat ?? -1;
  }

  readonly names: Names;

  // -- lifecycle ------------------------------------------------------------------------------

  /** Shows the table and follows it: the current state first (GetView), then every update
   * after the cursor. */
  async open(): Promise<void> {
    resetClock();
    $("lobby").hidden = true;
    $("replay").hidden = true;
    // Nothing of a table seen before stays on screen while this one loads.
    untray();
    for (const id of ["seats-list", "board", "actions", "choices", "outcome", "log"]) $(id).replaceChildren();
    $("prompt").textContent = "";
    $("room").hidden = false;
    this.chat.open();
    this.invite.open();
    this.ticker = setInterval(() => this.tick(), 250);
    // A phone turned sideways (or a window resized) past the phone width: the tray follows.
    window.matchMedia(PHONE).addEventListener("change", () => this.render(), { signal: this.stop.signal });
    this.client
      .gameCatalogue(this.gameId)
      .then((catalogue) => {
        this.catalogue = catalogue;
        if (!this.room) return; // the state is not here yet: it draws with the catalogue
        this.render();
        this.renderLog();
      })
      .catch(() => undefined); // the table works without it (places show their number)
    await this.takeView(false);
    void this.follow();
  }

  /** The current state (GetView); with `adopt`, the stream follows from the view's cursor
   * and the log starts again there (what came before was rewritten). */
  private async takeView(adopt: boolean): Promise<void> {
    const state = await this.client.view(this.roomId);
    observeServerTime(state.serverTime);
    this.room = state.room;
    this.view = state.view;
    this.deadlines = state.deadlines;
    this.waitingFor = state.waitingFor;
    this.outcome = state.outcome;
    this.version = state.room?.version ?? 0n;
    // The view is the table as it stands now: its choices replace whatever came before.
    this.choices.take(state.choices?.actions ?? [], state.choices?.calls ?? [], this.version, true);
    this.chat.presence = state.presence;
    if (this.seq > (state.room?.seq ?? 0n)) adopt = true; // a cursor from elsewhere
    if (adopt) {
      this.seq = state.room?.seq ?? 0n;
      this.cursor = state.cursor;
      this.events = [];
      saveLog(this.roomId, this.events);
      saveCursor(this.roomId, this.seq, this.cursor);
    }
    this.render();
    this.renderLog();
  }

  close(): void {
    untray();
    this.stop.abort();
    if (this.ticker) clearInterval(this.ticker);
  }

  private async follow(): Promise<void> {
    this.hooks.status("live", "web-status-connecting");
    try {
      for await (const update of this.client.subscribe(this.roomId, {
        resumeCursor: this.cursor,
        presence: true,
        signal: this.stop.signal,
        maxRetries: 1_000_000,
        onReconnect: () => this.hooks.status("reconnecting", "web-status-reconnecting"),
      })) {
        this.hooks.status("live", "web-status-live");
        if (this.streamError && this.error === this.streamError) this.error = "";
        this.streamError = "";
        this.apply(update);
      }
    } catch (err) {
      if (this.stop.signal.aborted) return;
      const reason = apiError(err).reason;
      if (reason === "CURSOR_STALE" || reason === "CURSOR_AHEAD" || reason === "CURSOR_INVALID") {
        // The room's log was rewritten (a restore, a failover), or the cursor is not one the
        // server can follow: start again from now.
        try {
          await this.takeView(true);
          this.notice = t("web-cursor_stale");
          this.render();
          void this.follow();
          return;
        } catch (again) {
          err = again;
        }
      }
      if (roomGone(err)) {
        forgetSeat();
        this.close();
        this.hooks.left();
        return;
      }
      // The client gave up resubscribing: say so, and try again from the same cursor.
      this.hooks.status("error", "web-status-disconnected");
      this.streamError = this.error = refusal(err);
      this.render();
      setTimeout(() => {
        if (!this.stop.signal.aborted) void this.follow();
      }, FOLLOW_AGAIN_MS);
    }
  }

  private apply(update: SubscribeResponse): void {
    observeServerTime(update.serverTime);
    if (update.kind === UpdateKind.PRESENCE) {
      // Who is connected: not an entry of the log (the cursor stays).
      this.chat.presence = update.presence;
      this.renderSeats();
      return;
    }
    this.cursor = update.cursor;
    if (update.kind === UpdateKind.CHAT) {
      // A chat line or a mute: told in the chat panel only; the table is unchanged.
      if (update.seq > this.seq) this.seq = update.seq;
      for (const event of update.events) this.chat.add(event);
      this.events.push(...update.events);
      saveLog(this.roomId, this.events);
      saveCursor(this.roomId, this.seq, this.cursor);
      this.render();
      return;
    }
    this.seq = update.seq;
    if (update.version > this.version) this.version = update.version;
    if (update.room) this.room = update.room;
    if (update.view?.game.case) this.view = update.view;
    this.deadlines = update.deadlines;
    this.waitingFor = update.waitingFor;
    if (update.outcome) this.outcome = update.outcome;
    // Every update with a view brings the reader's choices (none for a spectator).
    if (update.view) this.choices.take(update.choices?.actions ?? [], update.choices?.calls ?? [], update.version, false);
    if (update.events.length) {
      this.events.push(...update.events);
      if (this.events.length > LOG_KEPT) this.events.splice(0, this.events.length - LOG_KEPT);
      for (const event of update.events) {
        logLine(event, this.names, true);
        this.chat.add(event);
      }
      saveLog(this.roomId, this.events);
    }
    saveCursor(this.roomId, this.seq, this.cursor);
    this.peek.take(update);
    this.choice = undefined;
    this.render();
  }

  // -- acting ---------------------------------------------------------------------------------

  private get playing(): boolean {
    return this.room?.status === RoomStatus.PLAYING && !this.outcome && this.mySeat >= 0;
  }

  /** What the reader may do now: the latest choices, unless an action sent spent them (and
   * nothing outside a running match, or for a spectator). */
  get legal(): Action[] {
    return this.playing ? this.choices.offered : [];
  }

  /** The calls the reader may make now (right or wrong), on the same terms as `legal`. */
  get calls(): Action[] {
    return this.playing ? this.choices.offeredCalls : [];
  }

  play(action: Action): void {
    if (this.busy) return;
    this.busy = true;
    this.choice = undefined;
    this.error = this.notice = "";
    const version = this.choices.spend();
    this.render();
    this.client
      .act(this.roomId, action, version)
      .then((response) => {
        this.actionsPlayed++;
        document.body.dataset.actions = String(this.actionsPlayed); // read by the browser tests
        this.choices.accepted(response.version);
      })
      .catch((err: unknown) => {
        this.error = refusal(err);
        this.choices.refused(version, apiError(err).reason);
      })
      .finally(() => {
        this.busy = false;
        this.render();
      });
  }

  private async lobbyCall(run: () => Promise<unknown>): Promise<void> {
    try {
      this.error = "";
      await run();
    } catch (err) {
      this.error = refusal(err);
    }
    this.render();
  }

  /** Leaves the table, explicitly: gives the seat up before the start (or stops watching);
   * during a match the seat stays (the server plays for an absent player). */
  async leave(): Promise<void> {
    const open = this.room?.status === RoomStatus.OPEN;
    if (open || this.mySeat < 0) {
      try {
        await this.client.leaveRoom(this.roomId);
      } catch {
        // Already gone: nothing to give up.
      }
    }
    forgetSeat();
    this.close();
    this.hooks.left();
  }

  // -- drawing --------------------------------------------------------------------------------

  private context(): TableContext {
    return {
      ...this.names,
      me: this.mySeat,
      seat: this.names.seat,
      player: this.names.player,
      legal: this.legal,
      calls: this.calls,
      busy: this.busy,
      play: (action) => this.play(action),
      choose: (prompt, actions) => {
        this.choice = { prompt, actions };
        this.render();
        ($("choices").querySelector("button") as HTMLButtonElement | null)?.focus();
      },
      catalogue: this.catalogue,
      seats: this.room?.seats.length ?? 0,
      waitingFor: this.waitingFor,
      deadlines: this.deadlines,
    };
  }

  /** The game's view of the table (undefined before the match starts). */
  private gameView(): unknown {
    return this.ui?.view(this.view);
  }

  render(): void {
    const focus = rememberFocus();
    untray(); // the phone tray's parts go home before the board is redrawn (tray.ts)
    const scene = this.scene();
    this.renderBar(scene);
    this.invite.render(this.room, this.mySeat);
    drawSeats(scene);
    drawPrompt(scene);
    drawBoard(scene);
    drawOutcome(scene);
    this.peek.render();
    tray(this.legal.length > 0 && !this.outcome);
    restoreFocus(focus);
  }

  /** The table as it stands, for the regions to draw (table-draw.ts). */
  private scene(): TableScene {
    return {
      roomId: this.roomId,
      gameId: this.gameId,
      playerId: this.client.playerId,
      room: this.room,
      ui: this.ui,
      view: this.gameView(),
      names: this.names,
      mySeat: this.mySeat,
      outcome: this.outcome,
      waitingFor: this.waitingFor,
      deadlines: this.deadlines,
      events: this.events,
      legal: this.legal,
      busy: this.busy,
      message: [this.notice, this.error].filter(Boolean).join(" "),
      choice: this.choice,
      chat: this.chat,
      context: () => this.context(),
      play: (action) => this.play(action),
      cancelChoice: () => {
        this.choice = undefined;
        this.render();
      },
      addBot: (level) => void this.lobbyCall(() => this.client.addBot(this.roomId, { level })),
      start: () => void this.lobbyCall(() => this.client.start(this.roomId)),
      leave: () => void this.leave(),
      openReplay: () => this.hooks.replay(this.roomId),
      ratingLine: () => (this.ratingLine ??= ratingChangeNode(this.client, this.roomId)),
    };
  }

  /** The room bar; a game the page's catalogues do not name is asked the server's name. */
  private renderBar(scene = this.scene()): void {
    drawBar(scene);
    if (!knowsTitle(this.gameId) && !this.askedTitle) {
      this.askedTitle = true;
      void this.client
        .listGames(language())
        .then((games) => {
          rememberGameNames(games);
          this.renderBar();
        })
        .catch(() => undefined);
    }
  }

  private renderSeats(): void {
    drawSeats(this.scene());
  }

  /** The whole log again (after a reload, in another language). */
  renderLog(): void {
    $("log").replaceChildren();
    for (const event of this.events) logLine(event, this.names, true);
    this.chat.renderLines(this.events);
  }

  private tick(): void {
    tickClocks(this.deadlines, this.mySeat, this.outcome);
  }
}
