/**
 * A minimal Tomahawk table: create a room against bots or join one by code, then follow the
 * match live from GameService.Subscribe (gRPC-Web through Envoy) and play by clicking.
 *
 * Envoy's address comes from `?envoy=http://host:port`, else the page's own origin (when
 * Envoy serves the page, or a proxy puts both behind one address).
 */

import {
  type Action,
  ApiError,
  BotLevel,
  type CercleClient,
  connectGrpcWeb,
  type Room,
  RoomStatus,
  SeatKind,
  type SubscribeResponse,
  type TomahawkCardFace,
  TomahawkCardKind,
  type TomahawkView,
} from "../../ts/src/web.js";
import { narrate } from "./narrate.js";
import { BOT_LEVELS, cardName, colourCss, colourWord, glyph, kindName, phaseHint, phaseWord } from "./words.js";

const params = new URLSearchParams(location.search);
const envoyUrl = (params.get("envoy") ?? location.origin).replace(/\/$/, "");

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  for (const [k, v] of Object.entries(dataset ?? {})) node.dataset[k] = v;
  node.append(...children);
  return node;
}

interface TableState {
  client: CercleClient;
  roomId: string;
  mySeat: number;
  room?: Room;
  view?: TomahawkView;
  waitingFor: number[];
  seq: bigint;
  version: bigint;
  legal: Action[];
  legalVersion: bigint;
  legalInFlight: boolean;
  legalDirty: boolean;
  acting: boolean;
  actionsPlayed: number;
  finished: boolean;
  stop: AbortController;
}

let table: TableState | undefined;

function setStatus(state: "idle" | "live" | "reconnecting" | "error", text: string): void {
  const status = $("status");
  status.dataset.state = state;
  status.textContent = text;
}

function setPrompt(text: string, error = false): void {
  const prompt = $("prompt");
  prompt.textContent = text;
  prompt.classList.toggle("error", error);
}

function describeError(err: unknown): string {
  if (err instanceof ApiError) return `${err.message} (${err.reason})`;
  return err instanceof Error ? err.message : String(err);
}

function who(seat: number): string {
  if (!table || Number.isNaN(seat)) return "?";
  if (seat === table.mySeat) return "You";
  return table.room?.seats[seat]?.displayName || `Seat ${seat + 1}`;
}

function playerName(playerId: string): string {
  if (!table) return "?";
  if (playerId === table.client.playerId) return "You";
  return table.room?.seats.find((s) => s.playerId === playerId)?.displayName || "Someone";
}

// -- start: create or join ------------------------------------------------------------------------

function fillBotChoices(): void {
  const seats = Number(($("seats") as HTMLSelectElement).value);
  const bots = $("bots") as HTMLSelectElement;
  const previous = bots.value;
  bots.replaceChildren(...Array.from({ length: seats }, (_, n) => el("option", { value: String(n), textContent: String(n) })));
  bots.value = previous && Number(previous) < seats ? previous : String(seats - 1);
}

async function newClient(): Promise<CercleClient> {
  const client = connectGrpcWeb(envoyUrl);
  const name = ($("name") as HTMLInputElement).value.trim() || "Player";
  await client.createSession(name);
  return client;
}

async function createTable(): Promise<void> {
  const value = (id: string): number => Number(($(id) as HTMLInputElement).value);
  const seats = value("seats");
  const bots = value("bots");
  const client = await newClient();
  const room = await client.createRoom("tomahawk", {
    players: seats,
    private: true,
    options: { target_score: value("target"), turn_seconds: value("turn") },
    botDelayMs: value("bot-delay"),
  });
  for (let i = 0; i < bots; i++) await client.addBot(room.roomId, { level: BotLevel.STRONG });
  await client.setReady(room.roomId, true);
  if (bots === seats - 1) await client.start(room.roomId);
  enterRoom(client, room.roomId, 0, room);
}

async function joinTable(): Promise<void> {
  const code = ($("code") as HTMLInputElement).value.trim();
  const client = await newClient();
  const joined = await client.joinRoom({ joinCode: code });
  await client.setReady(joined.room!.roomId, true);
  enterRoom(client, joined.room!.roomId, joined.seat, joined.room);
}

function enterRoom(client: CercleClient, roomId: string, mySeat: number, room?: Room): void {
  table?.stop.abort();
  table = {
    client,
    roomId,
    mySeat,
    room,
    waitingFor: [],
    seq: 0n,
    version: 0n,
    legal: [],
    legalVersion: -1n,
    legalInFlight: false,
    legalDirty: false,
    acting: false,
    actionsPlayed: 0,
    finished: false,
    stop: new AbortController(),
  };
  $("start").hidden = true;
  $("room").hidden = false;
  $("log").replaceChildren();
  render();
  void follow(table);
}

// -- the live stream ------------------------------------------------------------------------------

async function follow(t: TableState): Promise<void> {
  setStatus("live", "connecting…");
  try {
    for await (const update of t.client.subscribe(t.roomId, {
      signal: t.stop.signal,
      onReconnect: ({ afterSeq }) => setStatus("reconnecting", `reconnecting after update ${afterSeq}…`),
    })) {
      setStatus("live", "live");
      apply(t, update);
    }
  } catch (err) {
    setStatus("error", "disconnected");
    setPrompt(describeError(err), true);
  }
}

function apply(t: TableState, update: SubscribeResponse): void {
  t.seq = update.seq;
  t.version = update.version;
  if (update.room) t.room = update.room;
  if (update.view?.game.case === "tomahawk") t.view = update.view.game.value;
  t.waitingFor = update.waitingFor;
  for (const event of update.events) log(narrate(event, { seat: who, player: playerName }), event.private);
  if (update.outcome) {
    t.finished = true;
    const winners = update.outcome.winners.map(who).join(", ") || "nobody";
    const scores = update.outcome.scores.map((s, i) => `${who(i)} ${s}`).join(" · ");
    const outcome = $("outcome");
    outcome.hidden = false;
    outcome.textContent = `Match over — winner: ${winners}. Totals: ${scores}.`;
  }
  render();
  refreshLegal(t);
}

function log(text: string, isPrivate = false): void {
  const list = $("log");
  list.prepend(el("li", { textContent: text, className: isPrivate ? "private" : "" }));
  while (list.childElementCount > 200) list.lastElementChild?.remove();
}

/** Fetches the legal actions for the latest update; at most one request in flight. */
function refreshLegal(t: TableState): void {
  const playing = t.room?.status === RoomStatus.PLAYING && !t.finished;
  if (!playing) {
    t.legal = [];
    renderActions();
    return;
  }
  if (t.legalInFlight) {
    t.legalDirty = true;
    return;
  }
  t.legalInFlight = true;
  t.legalDirty = false;
  t.client
    .legalActions(t.roomId)
    .then((response) => {
      if (table !== t) return;
      t.legal = response.actions;
      t.legalVersion = response.version;
    })
    .catch((err: unknown) => setPrompt(describeError(err), true))
    .finally(() => {
      t.legalInFlight = false;
      if (table !== t) return;
      if (t.legalDirty) refreshLegal(t);
      else render();
    });
}

async function play(t: TableState, action: Action): Promise<void> {
  if (t.acting) return;
  t.acting = true;
  $("choices").replaceChildren();
  renderActions();
  try {
    await t.client.act(t.roomId, action, t.legalVersion);
    t.legal = [];
    t.actionsPlayed++;
    document.body.dataset.actions = String(t.actionsPlayed); // read by the browser test
  } catch (err) {
    setPrompt(describeError(err), true);
    if (err instanceof ApiError && err.reason === "STALE_VERSION") refreshLegal(t);
  } finally {
    t.acting = false;
    render();
  }
}

// -- drawing --------------------------------------------------------------------------------------

function cardFace(card: Pick<TomahawkCardFace, "kind" | "colour" | "id">, tag: "div" | "button" = "div"): HTMLElement {
  const node = el(tag, {
    className: `card ${colourCss(card.colour)}`,
    title: cardName(card),
    dataset: { card: String(card.id), kind: TomahawkCardKind[card.kind]?.toLowerCase() ?? "" },
  });
  node.append(el("span", { className: "sym", textContent: glyph(card.kind) }), el("span", { textContent: kindName(card.kind) }));
  return node;
}

function tomahawkCase(action: Action) {
  return action.game.case === "tomahawk" ? action.game.value.action : undefined;
}

function cardOf(action: Action): number | undefined {
  const a = tomahawkCase(action);
  return a?.case === "playCard" || a?.case === "agilite" ? a.value.card : undefined;
}

function actionLabel(action: Action): string {
  const a = tomahawkCase(action);
  if (!a) return "?";
  switch (a.case) {
    case "playCard":
    case "agilite": {
      const face = table?.view?.hand.find((c) => c.id === a.value.card);
      const parts = [a.case === "agilite" ? "AGILITÉ!" : "Play", face ? cardName(face) : `card ${a.value.card}`];
      if (a.value.colour !== undefined) parts.push(`→ ${colourWord(a.value.colour)}`);
      if (a.case === "playCard" && a.value.target !== undefined) parts.push(`↔ ${who(a.value.target)}`);
      if (a.value.tomahawk) parts.push("+ TOMAHAWK!");
      return parts.join(" ");
    }
    case "draw":
      return "Draw a card";
    case "pass":
      return "Keep the drawn card";
    case "takePendingDraw":
      return `Take ${table?.view?.pendingDraw ?? ""} cards`.replace("  ", " ");
    case "takeSkip":
      return "Take the Skip";
    case "nameColour":
      return `Name ${colourWord(a.value.colour)}`;
    case "combo":
      return `COMBO! ${kindName(a.value.symbol)} → ${colourWord(a.value.colour)}${a.value.tomahawk ? " + TOMAHAWK!" : ""}`;
    case "callTomahawk":
      return "TOMAHAWK!";
    case "callSherif":
      return `SHÉRIF! on ${who(a.value.target)}`;
    default:
      return "?";
  }
}

/** Plays a card: asks for the colour or the target when several actions use it. */
function chooseAndPlay(t: TableState, actions: Action[]): void {
  let options = actions;
  const withCall = options.filter((a) => {
    const c = tomahawkCase(a);
    return (c?.case === "playCard" || c?.case === "agilite") && c.value.tomahawk;
  });
  if (withCall.length > 0) options = withCall; // call TOMAHAWK! with the play, always
  if (options.length === 1) {
    void play(t, options[0]!);
    return;
  }
  setPrompt("Choose:");
  $("choices").replaceChildren(
    ...options.map((action) =>
      el("button", { type: "button", textContent: actionLabel(action), onclick: () => void play(t, action) }),
    ),
  );
}

function renderSeats(t: TableState): void {
  const seats = t.room?.seats ?? [];
  $("seats-list").replaceChildren(
    ...seats.map((seat, i) => {
      const sv = t.view?.seats[i];
      const bits = [
        seat.playerId ? (seat.kind === SeatKind.BOT ? `bot (${BOT_LEVELS[seat.botLevel] ?? "bot"})` : "human") : "free seat",
        t.room?.status === RoomStatus.OPEN ? (seat.ready ? "ready" : "not ready") : "",
        sv ? `${sv.cards} cards · ${sv.total} pts` : "",
        sv?.calledTomahawk ? "TOMAHAWK!" : "",
        sv?.skipsNextTurn ? "skips next turn" : "",
      ].filter(Boolean);
      return el(
        "div",
        {
          className: `seat${i === t.mySeat ? " me" : ""}${t.view?.turn === i ? " turn" : ""}`,
          dataset: { seat: String(i) },
        },
        el("div", { textContent: `${i === t.mySeat ? "You" : seat.displayName || `Seat ${i + 1}`}` }),
        el("div", { className: "meta", textContent: bits.join(" · ") }),
      );
    }),
  );
}

function renderTable(t: TableState): void {
  const v = t.view;
  const top = $("top-card");
  top.replaceChildren(...(v?.topCard ? [cardFace(v.topCard)] : []));
  const info = $("table-info");
  if (!v) {
    info.textContent = t.room?.status === RoomStatus.OPEN ? "Waiting for the match to start." : "";
    return;
  }
  const swatch = el("span", { className: "swatch" });
  swatch.style.background = `var(--${v.colour === undefined ? "ink" : colourCss(v.colour)})`;
  const colour = v.colour === undefined ? ["to be named"] : [swatch, ` ${colourWord(v.colour)}`];
  info.replaceChildren(
    el("div", {}, `Round ${v.round} · target ${v.targetScore} · `, v.direction > 0 ? "clockwise ↻" : "counter-clockwise ↺"),
    el("div", {}, "Colour: ", ...colour),
    el("div", { textContent: `Phase: ${phaseWord(v.phase)}${v.pendingDraw ? ` · pending draw ${v.pendingDraw}` : ""}` }),
    el("div", { textContent: `Draw pile ${v.drawPile} · discard ${v.discardPile}` }),
  );
}

function renderActions(): void {
  const t = table;
  if (!t) return;
  const byCard = new Map<number, Action[]>();
  const others: Action[] = [];
  const inHand = new Set(t.view?.hand.map((c) => c.id) ?? []);
  for (const action of t.legal) {
    const card = cardOf(action);
    if (card !== undefined && inHand.has(card)) byCard.set(card, [...(byCard.get(card) ?? []), action]);
    else others.push(action);
  }
  const disabled = t.acting || t.finished;
  $("hand").replaceChildren(
    ...(t.view?.hand ?? []).map((card) => {
      const node = cardFace(card, "button") as HTMLButtonElement;
      node.type = "button";
      const actions = byCard.get(card.id);
      if (actions && !disabled) {
        node.classList.add("playable");
        node.onclick = () => chooseAndPlay(t, actions);
      } else {
        node.disabled = disabled;
      }
      return node;
    }),
  );
  $("actions").replaceChildren(
    ...others.map((action) =>
      el("button", {
        type: "button",
        textContent: actionLabel(action),
        disabled,
        dataset: { action: tomahawkCase(action)?.case ?? "" },
        onclick: () => void play(t, action),
      }),
    ),
  );
}

function renderPrompt(t: TableState): void {
  if (t.finished) {
    setPrompt("");
    return;
  }
  if (t.room?.status === RoomStatus.OPEN) {
    const free = t.room.seats.filter((s) => !s.playerId).length;
    setPrompt(free ? `Waiting for ${free} more player(s): share the join code.` : "Everybody is here.");
    return;
  }
  const v = t.view;
  if (!v) return;
  if (t.waitingFor.includes(t.mySeat)) {
    setPrompt(phaseHint(v));
  } else {
    setPrompt(`Waiting for ${t.waitingFor.map(who).join(", ") || "…"}.`);
  }
}

function render(): void {
  const t = table;
  if (!t) return;
  $("join-code").textContent = t.room?.joinCode || "—";
  $("seq").textContent = String(t.seq);
  $("version").textContent = String(t.version);
  const status = t.room?.status ?? RoomStatus.UNSPECIFIED;
  $("room-status").textContent = RoomStatus[status]?.toLowerCase() ?? "";
  const host = t.room?.hostPlayerId === t.client.playerId;
  const open = status === RoomStatus.OPEN;
  const free = t.room?.seats.filter((s) => !s.playerId).length ?? 0;
  ($("add-bot") as HTMLButtonElement).hidden = !(host && open && free > 0);
  const startButton = $("start-match") as HTMLButtonElement;
  startButton.hidden = !(host && open);
  startButton.disabled = free > 0 || !t.room?.seats.every((s) => s.ready);
  renderSeats(t);
  renderTable(t);
  renderPrompt(t);
  renderActions();
}

// -- wiring ---------------------------------------------------------------------------------------

function guard(run: () => Promise<void>): (ev: Event) => void {
  return (ev) => {
    ev.preventDefault();
    run().catch((err: unknown) => {
      setStatus("error", "error");
      setPrompt(describeError(err), true);
      const start = $("start");
      if (!start.hidden) alert(describeError(err));
    });
  };
}

$("seats").addEventListener("change", fillBotChoices);
$("create-form").addEventListener("submit", guard(createTable));
$("join-form").addEventListener("submit", guard(joinTable));
$("add-bot").addEventListener(
  "click",
  guard(async () => {
    if (table) await table.client.addBot(table.roomId, { level: BotLevel.STRONG });
  }),
);
$("start-match").addEventListener(
  "click",
  guard(async () => {
    if (table) await table.client.start(table.roomId);
  }),
);
for (const [param, id] of [
  ["name", "name"],
  ["seats", "seats"],
  ["target", "target"],
  ["turn", "turn"],
  ["botDelay", "bot-delay"],
  ["code", "code"],
] as const) {
  const value = params.get(param);
  if (value !== null) ($(id) as HTMLInputElement).value = value;
}
fillBotChoices();
if (params.get("bots") !== null) ($("bots") as HTMLSelectElement).value = params.get("bots")!;
setStatus("idle", `Envoy: ${envoyUrl}`);
