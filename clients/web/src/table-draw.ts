/**
 * The regions of a table (table.ts), each drawn from a {@link TableScene}: the room bar with
 * the host's controls, the seats with their clocks, the prompt with the reader's own clock and
 * a pending choice, the game's board (games/<game>.ts) with buttons for every other legal
 * action, the outcome, and the lines of the log.
 */

import {
  type Action,
  BotLevel,
  ClockKind,
  type Deadline,
  type Event,
  type Outcome,
  OutcomeReason,
  type Room,
  RoomStatus,
  SeatKind,
  Visibility,
} from "../../ts/src/index.js";
import { type ChatPanel, isChat, mutedSeats } from "./chat.js";
import { lengthMs, remainingMs } from "./clock.js";
import { $, button, el } from "./dom.js";
import { gameTitle } from "./games/titles.js";
import type { GameUi, Names, TableContext } from "./games/types.js";
import { t } from "./i18n.js";
import { linkControls } from "./links.js";
import { narrate } from "./narrate.js";
import { LOG_KEPT } from "./session.js";
import { botKind, ROOM_STATUSES } from "./words.js";

/** The table as it stands when it is drawn, and what the reader's clicks on it do. */
export interface TableScene {
  readonly roomId: string;
  readonly gameId: string;
  /** The reader's player id (the host's controls are theirs when it is the room's host). */
  readonly playerId: string;
  readonly room: Room | undefined;
  readonly ui: GameUi<unknown> | undefined;
  /** The game's view of the table (undefined before the match starts). */
  readonly view: unknown;
  readonly names: Names;
  readonly mySeat: number;
  readonly outcome: Outcome | undefined;
  readonly waitingFor: readonly number[];
  readonly deadlines: readonly Deadline[];
  readonly events: readonly Event[];
  /** What the reader may do now. */
  readonly legal: readonly Action[];
  /** An action is on its way: the buttons wait. */
  readonly busy: boolean;
  /** A notice and a refusal in words, shown above the table. */
  readonly message: string;
  /** A choice the game asked the reader to make among a few actions, with its prompt. */
  readonly choice: { prompt: string; actions: readonly Action[] } | undefined;
  readonly chat: ChatPanel;
  /** What the game's module draws from (games/types.ts). */
  context(): TableContext;
  play(action: Action): void;
  cancelChoice(): void;
  addBot(level: BotLevel): void;
  start(): void;
  leave(): void;
  openReplay(): void;
  /** After a rated match: the line of its rating change. */
  ratingLine(): HTMLElement;
}

export function drawBar(scene: TableScene): void {
  const room = scene.room;
  const status = room?.status ?? RoomStatus.UNSPECIFIED;
  $("room-game").textContent = gameTitle(scene.gameId);
  $("room-status").textContent = t(ROOM_STATUSES[status] ?? "status-unspecified");
  const code = $("room-code");
  code.hidden = !room?.joinCode || status !== RoomStatus.OPEN;
  $("join-code").textContent = room?.joinCode ?? "";
  const host = room?.hostPlayerId === scene.playerId;
  const open = status === RoomStatus.OPEN;
  const free = room?.seats.filter((s) => !s.playerId).length ?? 0;
  const controls = $("room-controls");
  controls.replaceChildren();
  if (host && open && free > 0) {
    controls.append(button(t("web-add_bot"), () => scene.addBot(BotLevel.STRONG), { id: "add-bot" }));
  }
  if (host && open) {
    const start = button(t("web-start"), () => scene.start(), { id: "start-match", className: "primary" });
    start.disabled = free > 0 || !room?.seats.every((s) => s.ready);
    controls.append(start);
  }
  // The table's address to share; the invite (with the join code) while the code opens it.
  const invite = host && room?.visibility === Visibility.PRIVATE && (open || status === RoomStatus.PLAYING);
  controls.append(linkControls(scene.roomId, invite ? room.joinCode : undefined));
  const leaveText = scene.mySeat < 0 ? t("web-stop_watching") : open ? t("web-leave_open") : scene.outcome ? t("web-back_to_lobby") : t("web-leave_playing");
  controls.append(button(leaveText, () => scene.leave(), { id: "leave" }));
}

export function drawSeats(scene: TableScene): void {
  const { view, ui, outcome, names } = scene;
  const turn = view !== undefined && !outcome ? ui?.turn(view) : undefined;
  const seats = scene.room?.seats ?? [];
  const host = scene.room?.hostPlayerId === scene.playerId;
  const muted = mutedSeats(scene.events);
  $("seats-list").replaceChildren(
    ...seats.map((seat, i) => {
      const kind = !seat.playerId
        ? t("free_seat")
        : seat.kind === SeatKind.BOT
          ? botKind(seat.botLevel)
          : t("web-human");
      const lines = [kind];
      if (scene.room?.status === RoomStatus.OPEN && seat.playerId) lines.push(t(seat.ready ? "ready" : "not_ready"));
      if (view !== undefined) lines.push(...(ui?.seatLines(view, i, names) ?? []));
      const waiting = scene.waitingFor.includes(i) && !outcome;
      const deadline = scene.deadlines.find((d) => d.seat === i);
      const winner = outcome?.winners.includes(i);
      const human = !!seat.playerId && seat.kind !== SeatKind.BOT;
      return el(
        "li",
        {
          className: `seat${i === scene.mySeat ? " me" : ""}${turn === i || waiting ? " turn" : ""}${winner ? " winner" : ""}`,
          dataset: { seat: String(i) },
        },
        el("div", { className: "seat-name" }, winner ? "♛ " : "", names.seat(i), turn === i || waiting ? el("span", { className: "turn-mark" }, ` · ${t("web-their_turn")}`) : ""),
        el("div", { className: "meta" }, lines.join(" · ")),
        deadline ? el("div", { className: "seat-clock", dataset: { deadline: String(i) } }, clockText(deadline)) : undefined,
        ...(view !== undefined && ui?.seatActions ? ui.seatActions(view, i, scene.context()) : []),
        ...scene.chat.seatMarks(i, { human, muteSwitch: human && host && i !== scene.mySeat, muted: muted.has(i) }),
      );
    }),
  );
  const watchingNow = scene.chat.presence?.connectedSpectators ?? 0;
  const watching = Math.max(scene.room?.spectatorCount ?? 0, watchingNow);
  $("spectators").textContent = watching ? `${t("web-spectators", { n: watching })} ${t("web-spectators_connected", { n: watchingNow })}` : "";
  scene.chat.renderForm(scene.mySeat >= 0, muted.has(scene.mySeat));
}

export function drawPrompt(scene: TableScene): void {
  const prompt = $("prompt");
  const error = $("error");
  error.textContent = scene.message;
  error.hidden = !scene.message;
  const room = scene.room;
  let text = "";
  if (scene.outcome) text = "";
  else if (room?.status === RoomStatus.OPEN) {
    const free = room.seats.filter((s) => !s.playerId).length;
    text = free ? t("web-wait_players", { free }) : room.hostPlayerId === scene.playerId ? t("web-all_here_host") : t("web-all_here");
  } else if (scene.mySeat < 0) {
    text = t("web-watching");
  } else if (scene.waitingFor.includes(scene.mySeat)) {
    text = (scene.view !== undefined && scene.ui?.hint(scene.view, scene.context())) || t("your_turn");
  } else if (scene.waitingFor.length) {
    text = t("web-waiting_for", { names: scene.waitingFor.map(scene.names.seat).join(", ") });
  }
  prompt.textContent = text;
  const mine = scene.deadlines.find((d) => d.seat === scene.mySeat);
  const clock = $("turn-clock");
  clock.hidden = !mine || !!scene.outcome;
  if (mine) drawMyClock(mine);
  const choices = $("choices");
  if (scene.choice) {
    const ctx = scene.context();
    choices.replaceChildren(
      el("p", {}, scene.choice.prompt),
      ...scene.choice.actions.map((a) => button(scene.ui?.label(a, scene.view, ctx) ?? "?", () => scene.play(a), { disabled: scene.busy })),
      button(t("web-cancel"), () => scene.cancelChoice()),
    );
  } else choices.replaceChildren();
}

/** The game's board, and a button for every legal action it does not offer itself. */
export function drawBoard(scene: TableScene): void {
  const { view, ui } = scene;
  const board = $("board");
  const actions = $("actions");
  if (view === undefined || !ui) {
    board.replaceChildren(el("p", { className: "meta" }, scene.room?.status === RoomStatus.OPEN ? t("web-waiting_start") : ""));
    actions.replaceChildren();
    return;
  }
  const ctx = scene.context();
  const drawn = ui.table(view, ctx);
  board.replaceChildren(...drawn.nodes);
  const rest = scene.legal.filter((a) => !drawn.offered.has(a));
  actions.replaceChildren(
    ...rest.map((a) =>
      button(ui.label(a, view, ctx), () => scene.play(a), {
        disabled: scene.busy,
        dataset: { action: a.game.value?.action.case ?? "" },
      }),
    ),
  );
}

export function drawOutcome(scene: TableScene): void {
  const box = $("outcome");
  box.hidden = !scene.outcome;
  if (!scene.outcome) {
    box.replaceChildren();
    return;
  }
  const o = scene.outcome;
  const names = o.winners.map(scene.names.seat).join(", ") || t("nobody");
  const scores = o.scores.map((s, i) => `${scene.names.seat(i)} ${s}`).join(", ");
  const reason = o.reason ? t(`outcome_reason-${(OutcomeReason[o.reason] ?? "TARGET_SCORE").toLowerCase()}`) : "";
  const lines: (HTMLElement | undefined)[] = [
    el("h2", {}, o.winners.includes(scene.mySeat) ? t("web-you_won") : t("match_over")),
    el("p", {}, t("winners", { names, count: o.winners.length })),
    scores ? el("p", {}, t("scores", { scores })) : undefined,
    reason ? el("p", {}, t("reason", { reason })) : undefined,
  ];
  for (const line of scene.ui?.outcomeLines?.(o) ?? []) lines.push(el("p", { className: "verdict" }, line));
  if (scene.room?.rated && scene.mySeat >= 0) lines.push(scene.ratingLine());
  box.replaceChildren(
    ...lines.filter((x): x is HTMLElement => x !== undefined),
    el("div", { className: "row" }, button(t("web-replay_open"), () => scene.openReplay(), { id: "open-replay" }), button(t("web-back_to_lobby"), () => scene.leave())),
  );
}

/** One event told in the game log; chat lines and mutes are the chat panel's (issue 30:
 * a line shown twice, once among the moves). */
export function logLine(event: Event, names: Names, prepend: boolean): void {
  if (isChat(event)) return;
  const list = $("log");
  const item = el("li", { className: event.private ? "private" : "" }, narrate(event, names));
  if (prepend) list.prepend(item);
  else list.append(item);
  while (list.childElementCount > LOG_KEPT) list.lastElementChild?.remove();
}

/** The seats' clocks and the reader's own, moved on (four times a second). */
export function tickClocks(deadlines: readonly Deadline[], mySeat: number, outcome: Outcome | undefined): void {
  for (const node of document.querySelectorAll<HTMLElement>("[data-deadline]")) {
    const deadline = deadlines.find((d) => d.seat === Number(node.dataset.deadline));
    if (deadline) node.textContent = clockText(deadline);
  }
  const mine = deadlines.find((d) => d.seat === mySeat);
  if (mine && !outcome) drawMyClock(mine);
}

function drawMyClock(deadline: Deadline): void {
  const left = remainingMs(deadline);
  const total = Math.max(1, lengthMs(deadline));
  const rest = deadline.clock === ClockKind.PAUSE; // the rest after a round: nothing is played for you
  $("turn-clock-text").textContent = t(rest ? "web-pause-time_left" : "web-time_left", { seconds: Math.ceil(left / 1000) });
  const bar = $("turn-clock-bar") as HTMLProgressElement;
  bar.max = total;
  bar.value = left;
  $("turn-clock").classList.toggle("urgent", left < 5000);
}

function clockText(deadline: Deadline): string {
  return `◷ ${t("web-seconds", { seconds: Math.ceil(remainingMs(deadline) / 1000) })}`;
}
