/**
 * A table being played or watched: follows the room from GameService.Subscribe (resuming
 * from the last update seen after a reload or a dropped stream), takes the reader's choices
 * (the legal actions the server pushes with every view, GetView's and each update's,
 * out-of-turn calls included; never asked for with ListLegalActions), sends the reader's
 * actions, and draws what every game shares: the room bar, the seats with their clocks,
 * whose turn it is and what the reader may do now, refusals in plain words, the game's own
 * table (games/<game>.ts), buttons for every other legal action, the outcome and the log.
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
  BotLevel,
  ClockKind,
  type CercleClient,
  type Deadline,
  type Event,
  type GetGameCatalogueResponse,
  type Outcome,
  OutcomeReason,
  type Room,
  RoomStatus,
  SeatKind,
  type SubscribeResponse,
  UpdateKind,
  type View,
  Visibility,
} from "../../ts/src/index.js";
import { ChatPanel, isChat, mutedSeats } from "./chat.js";
import { lengthMs, observeServerTime, remainingMs, resetClock } from "./clock.js";
import { $, button, el, rememberFocus, restoreFocus } from "./dom.js";
import { gameUi } from "./games/registry.js";
import { gameTitle, knowsTitle, rememberGameNames } from "./games/titles.js";
import type { GameUi, Names, TableContext } from "./games/types.js";
import { language, t } from "./i18n.js";
import { linkControls } from "./links.js";
import { ratingChangeNode } from "./ladder.js";
import { narrate } from "./narrate.js";
import { PeekPanel } from "./peek.js";
import { refusal, roomGone } from "./refusal.js";
import { forgetSeat, LOG_KEPT, loadLog, saveCursor, saveLog } from "./session.js";
import { PHONE, tray, untray } from "./tray.js";
import { botKind, ROOM_STATUSES, seatName } from "./words.js";

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
  /** The reader's choices: what the latest view (GetView or an update with a view) said the
   * reader may do, and the version to send with them. Updates without a view (chat,
   * presence) leave them standing. */
  choices: Action[] = [];
  /** The calls of the same choices (`Choices.calls`: right or wrong). */
  callChoices: Action[] = [];
  choicesVersion = -1n;
  /** The choices were spent by an action sent: none is offered until the next view brings
   * new ones (or the action is refused, and the same ones stand again). */
  private spent = false;
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
    const table = this;
    this.names = {
      seat(seat: number): string {
        if (Number.isNaN(seat) || seat < 0) return "?";
        const name = seatName(table.room?.seats[seat], seat, table.gameId);
        return seat === table.mySeat ? t("web-me", { name }) : name;
      },
      player(playerId: string): string {
        const seats = table.room?.seats ?? [];
        const index = seats.findIndex((s) => s.playerId === playerId);
        const name = index < 0 ? t("web-someone") : seatName(seats[index], index, table.gameId);
        return playerId === table.client.playerId ? t("web-me", { name }) : name;
      },
      get me(): number {
        return table.mySeat;
      },
      get catalogue(): GetGameCatalogueResponse | undefined {
        return table.catalogue;
      },
    };
    // Without a cursor the stream starts at the room's first update: the log is told afresh.
    this.seq = cursor ? seq : 0n;
    this.cursor = cursor;
    this.events = cursor ? loadLog(roomId) : [];
    this.chat = new ChatPanel(client, roomId, this.names);
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
    this.takeChoices(state.choices?.actions ?? [], state.choices?.calls ?? [], this.version, true);
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
    if (update.view) this.takeChoices(update.choices?.actions ?? [], update.choices?.calls ?? [], update.version, false);
    if (update.events.length) {
      this.events.push(...update.events);
      if (this.events.length > LOG_KEPT) this.events.splice(0, this.events.length - LOG_KEPT);
      for (const event of update.events) {
        this.logLine(event, true);
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
    return this.playing && !this.spent ? this.choices : [];
  }

  /** The calls the reader may make now (right or wrong), on the same terms as `legal`. */
  get calls(): Action[] {
    return this.playing && !this.spent ? this.callChoices : [];
  }

  /** Takes the choices of a view at `version`. Stored updates replayed after a fresher view
   * (a reload that follows from an older cursor) bring older choices: those are ignored, so
   * what is offered is always the latest; `fresh` (GetView's) always wins. */
  private takeChoices(actions: Action[], calls: Action[], version: bigint, fresh: boolean): void {
    if (!fresh && version < this.choicesVersion) return;
    this.choices = actions;
    this.callChoices = calls;
    this.choicesVersion = version;
    this.spent = false;
  }

  play(action: Action): void {
    if (this.busy) return;
    this.busy = true;
    this.choice = undefined;
    this.error = this.notice = "";
    // The choices are spent: the update this action causes brings the next ones (it may
    // arrive before the answer to Act does: the answer then leaves them alone).
    this.spent = true;
    const version = this.choicesVersion;
    this.render();
    this.client
      .act(this.roomId, action, version)
      .then((response) => {
        this.actionsPlayed++;
        document.body.dataset.actions = String(this.actionsPlayed); // read by the browser tests
        // Updates from before the action still on their way (another seat's sealed vote
        // applied just before it) must not offer the spent choices again.
        if (response.version > this.choicesVersion) {
          this.choices = [];
          this.callChoices = [];
          this.choicesVersion = response.version;
          this.spent = false;
        }
      })
      .catch((err: unknown) => {
        this.error = refusal(err);
        // Refused: the latest choices stand again, unless the match moved on (a newer
        // update is on its way with newer ones).
        const reason = apiError(err).reason;
        if (this.choicesVersion === version && reason !== "STALE_VERSION" && reason !== "TOO_LATE") this.spent = false;
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
    this.renderBar();
    this.renderSeats();
    this.renderPrompt();
    this.renderTable();
    this.renderOutcome();
    this.peek.render();
    tray(this.legal.length > 0 && !this.outcome);
    restoreFocus(focus);
  }

  private renderBar(): void {
    const room = this.room;
    const status = room?.status ?? RoomStatus.UNSPECIFIED;
    $("room-game").textContent = gameTitle(this.gameId);
    if (!knowsTitle(this.gameId) && !this.askedTitle) {
      this.askedTitle = true; // a game the page's catalogues do not name: the server's name
      void this.client
        .listGames(language())
        .then((games) => {
          rememberGameNames(games);
          this.renderBar();
        })
        .catch(() => undefined);
    }
    $("room-status").textContent = t(ROOM_STATUSES[status] ?? "status-unspecified");
    const code = $("room-code");
    code.hidden = !room?.joinCode || status !== RoomStatus.OPEN;
    $("join-code").textContent = room?.joinCode ?? "";
    const host = room?.hostPlayerId === this.client.playerId;
    const open = status === RoomStatus.OPEN;
    const free = room?.seats.filter((s) => !s.playerId).length ?? 0;
    const controls = $("room-controls");
    controls.replaceChildren();
    if (host && open && free > 0) {
      controls.append(
        button(t("web-add_bot"), () => void this.lobbyCall(() => this.client.addBot(this.roomId, { level: BotLevel.STRONG })), {
          id: "add-bot",
        }),
      );
    }
    if (host && open) {
      const start = button(t("web-start"), () => void this.lobbyCall(() => this.client.start(this.roomId)), { id: "start-match", className: "primary" });
      start.disabled = free > 0 || !room?.seats.every((s) => s.ready);
      controls.append(start);
    }
    // The table's address to share; the invite (with the join code) while the code opens it.
    const invite = host && room?.visibility === Visibility.PRIVATE && (open || status === RoomStatus.PLAYING);
    controls.append(linkControls(this.roomId, invite ? room.joinCode : undefined));
    const leaveText = this.mySeat < 0 ? t("web-stop_watching") : open ? t("web-leave_open") : this.outcome ? t("web-back_to_lobby") : t("web-leave_playing");
    controls.append(button(leaveText, () => void this.leave(), { id: "leave" }));
  }

  private renderSeats(): void {
    const view = this.gameView();
    const turn = view !== undefined && !this.outcome ? this.ui?.turn(view) : undefined;
    const seats = this.room?.seats ?? [];
    const host = this.room?.hostPlayerId === this.client.playerId;
    const muted = mutedSeats(this.events);
    $("seats-list").replaceChildren(
      ...seats.map((seat, i) => {
        const kind = !seat.playerId
          ? t("free_seat")
          : seat.kind === SeatKind.BOT
            ? botKind(seat.botLevel)
            : t("web-human");
        const lines = [kind];
        if (this.room?.status === RoomStatus.OPEN && seat.playerId) lines.push(t(seat.ready ? "ready" : "not_ready"));
        if (view !== undefined) lines.push(...(this.ui?.seatLines(view, i, this.names) ?? []));
        const waiting = this.waitingFor.includes(i) && !this.outcome;
        const deadline = this.deadlines.find((d) => d.seat === i);
        const winner = this.outcome?.winners.includes(i);
        const human = !!seat.playerId && seat.kind !== SeatKind.BOT;
        return el(
          "li",
          {
            className: `seat${i === this.mySeat ? " me" : ""}${turn === i || waiting ? " turn" : ""}${winner ? " winner" : ""}`,
            dataset: { seat: String(i) },
          },
          el("div", { className: "seat-name" }, winner ? "♛ " : "", this.names.seat(i), turn === i || waiting ? el("span", { className: "turn-mark" }, ` · ${t("web-their_turn")}`) : ""),
          el("div", { className: "meta" }, lines.join(" · ")),
          deadline ? el("div", { className: "seat-clock", dataset: { deadline: String(i) } }, clockText(deadline)) : undefined,
          ...(view !== undefined && this.ui?.seatActions ? this.ui.seatActions(view, i, this.context()) : []),
          ...this.chat.seatMarks(i, { human, muteSwitch: human && host && i !== this.mySeat, muted: muted.has(i) }),
        );
      }),
    );
    const watchingNow = this.chat.presence?.connectedSpectators ?? 0;
    const watching = Math.max(this.room?.spectatorCount ?? 0, watchingNow);
    $("spectators").textContent = watching ? `${t("web-spectators", { n: watching })} ${t("web-spectators_connected", { n: watchingNow })}` : "";
    this.chat.renderForm(this.mySeat >= 0, muted.has(this.mySeat));
  }

  private renderPrompt(): void {
    const prompt = $("prompt");
    const error = $("error");
    const shown = [this.notice, this.error].filter(Boolean).join(" ");
    error.textContent = shown;
    error.hidden = !shown;
    const room = this.room;
    let text = "";
    if (this.outcome) text = "";
    else if (room?.status === RoomStatus.OPEN) {
      const free = room.seats.filter((s) => !s.playerId).length;
      text = free ? t("web-wait_players", { free }) : room.hostPlayerId === this.client.playerId ? t("web-all_here_host") : t("web-all_here");
    } else if (this.mySeat < 0) {
      text = t("web-watching");
    } else if (this.waitingFor.includes(this.mySeat)) {
      const view = this.gameView();
      text = (view !== undefined && this.ui?.hint(view, this.context())) || t("your_turn");
    } else if (this.waitingFor.length) {
      text = t("web-waiting_for", { names: this.waitingFor.map(this.names.seat).join(", ") });
    }
    prompt.textContent = text;
    const mine = this.deadlines.find((d) => d.seat === this.mySeat);
    const clock = $("turn-clock");
    clock.hidden = !mine || !!this.outcome;
    if (mine) this.drawMyClock(mine);
    const choices = $("choices");
    if (this.choice) {
      const ctx = this.context();
      choices.replaceChildren(
        el("p", {}, this.choice.prompt),
        ...this.choice.actions.map((a) => button(this.ui?.label(a, this.gameView(), ctx) ?? "?", () => this.play(a), { disabled: this.busy })),
        button(t("web-cancel"), () => {
          this.choice = undefined;
          this.render();
        }),
      );
    } else choices.replaceChildren();
  }

  private renderTable(): void {
    const view = this.gameView();
    const board = $("board");
    const actions = $("actions");
    if (view === undefined || !this.ui) {
      board.replaceChildren(el("p", { className: "meta" }, this.room?.status === RoomStatus.OPEN ? t("web-waiting_start") : ""));
      actions.replaceChildren();
      return;
    }
    const ctx = this.context();
    const drawn = this.ui.table(view, ctx);
    board.replaceChildren(...drawn.nodes);
    const rest = this.legal.filter((a) => !drawn.offered.has(a));
    actions.replaceChildren(
      ...rest.map((a) =>
        button(this.ui!.label(a, view, ctx), () => this.play(a), {
          disabled: this.busy,
          dataset: { action: a.game.value?.action.case ?? "" },
        }),
      ),
    );
  }

  private renderOutcome(): void {
    const box = $("outcome");
    box.hidden = !this.outcome;
    if (!this.outcome) {
      box.replaceChildren();
      return;
    }
    const o = this.outcome;
    const names = o.winners.map(this.names.seat).join(", ") || t("nobody");
    const scores = o.scores.map((s, i) => `${this.names.seat(i)} ${s}`).join(", ");
    const reason = o.reason ? t(`outcome_reason-${(OutcomeReason[o.reason] ?? "TARGET_SCORE").toLowerCase()}`) : "";
    const lines: (HTMLElement | undefined)[] = [
      el("h2", {}, o.winners.includes(this.mySeat) ? t("web-you_won") : t("match_over")),
      el("p", {}, t("winners", { names, count: o.winners.length })),
      scores ? el("p", {}, t("scores", { scores })) : undefined,
      reason ? el("p", {}, t("reason", { reason })) : undefined,
    ];
    for (const line of this.ui?.outcomeLines?.(o) ?? []) lines.push(el("p", { className: "verdict" }, line));
    if (this.room?.rated && this.mySeat >= 0) lines.push((this.ratingLine ??= ratingChangeNode(this.client, this.roomId)));
    box.replaceChildren(
      ...lines.filter((x): x is HTMLElement => x !== undefined),
      el("div", { className: "row" }, button(t("web-replay_open"), () => this.hooks.replay(this.roomId), { id: "open-replay" }), button(t("web-back_to_lobby"), () => void this.leave())),
    );
  }

  /** One event told in the game log; chat lines and mutes are the chat panel's (issue 30:
   * a line shown twice, once among the moves). */
  private logLine(event: Event, prepend: boolean): void {
    if (isChat(event)) return;
    const list = $("log");
    const item = el("li", { className: event.private ? "private" : "" }, narrate(event, this.names));
    if (prepend) list.prepend(item);
    else list.append(item);
    while (list.childElementCount > LOG_KEPT) list.lastElementChild?.remove();
  }

  /** The whole log again (after a reload, in another language). */
  renderLog(): void {
    $("log").replaceChildren();
    for (const event of this.events) this.logLine(event, true);
    this.chat.renderLines(this.events);
  }

  private drawMyClock(deadline: Deadline): void {
    const left = remainingMs(deadline);
    const total = Math.max(1, lengthMs(deadline));
    const rest = deadline.clock === ClockKind.PAUSE; // the rest after a round: nothing is played for you
    $("turn-clock-text").textContent = t(rest ? "web-pause-time_left" : "web-time_left", { seconds: Math.ceil(left / 1000) });
    const bar = $("turn-clock-bar") as HTMLProgressElement;
    bar.max = total;
    bar.value = left;
    $("turn-clock").classList.toggle("urgent", left < 5000);
  }

  private tick(): void {
    for (const node of document.querySelectorAll<HTMLElement>("[data-deadline]")) {
      const deadline = this.deadlines.find((d) => d.seat === Number(node.dataset.deadline));
      if (deadline) node.textContent = clockText(deadline);
    }
    const mine = this.deadlines.find((d) => d.seat === this.mySeat);
    if (mine && !this.outcome) this.drawMyClock(mine);
  }
}

function clockText(deadline: Deadline): string {
  return `◷ ${t("web-seconds", { seconds: Math.ceil(remainingMs(deadline) / 1000) })}`;
}
