/**
 * A minimal Tomahawk table: create a room against bots or join one by code, then follow the
 * match live from GameService.Subscribe (gRPC-Web through Envoy) and play by clicking.
 *
 * Envoy's address comes from `?envoy=http://host:port`, else the page's own origin (when
 * Envoy serves the page, or a proxy puts both behind one address). Every word comes from the
 * shared message catalogues (i18n.ts), in the language of `?lang=` or the browser's, and the
 * switch in the header changes it live (the log is told again in the new language).
 */

import {
  type Action,
  ApiError,
  BotLevel,
  type CercleClient,
  connectGrpcWeb,
  type Event as CercleEvent,
  type Outcome,
  type Room,
  RoomStatus,
  SeatKind,
  type SubscribeResponse,
  type TomahawkCardFace,
  TomahawkCardKind,
  type TomahawkView,
  UpdateKind,
} from "../../ts/src/web.js";
import { actionLabel as label, cardOf, tomahawkCase } from "./actions.js";
import { type Args, isLanguage, language, localize, pickLanguage, setLanguage, t as tr } from "./i18n.js";
import { narrate } from "./narrate.js";
import {
  BOT_LEVELS,
  cardName,
  colourCss,
  colourWord,
  direction,
  glyph,
  kindName,
  phaseHint,
  phaseWord,
  ROOM_STATUSES,
} from "./words.js";

const params = new URLSearchParams(location.search);
const envoyUrl = (params.get("envoy") ?? location.origin).replace(/\/$/, "");
setLanguage(pickLanguage(params.get("lang"), navigator.languages ?? [navigator.language]));

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
  outcome?: Outcome;
  /** The events seen, newest last (at most LOG_SIZE), told again when the language changes. */
  events: { event: CercleEvent; isPrivate: boolean }[];
  stop: AbortController;
}

const LOG_SIZE = 200;

let table: TableState | undefined;

/** The status line's message, kept to tell it again in another language. */
let status: { state: "idle" | "live" | "reconnecting" | "error"; words: [string, Args?] } = {
  state: "idle",
  words: ["web-not_connected"],
};

function setStatus(state: typeof status.state, ...words: [string, Args?]): void {
  status = { state, words };
  const node = $("status");
  node.dataset.state = state;
  node.textContent = tr(...words);
}

function setPrompt(text: string, error = false): void {
  const prompt = $("prompt");
  prompt.textContent = text;
  prompt.classList.toggle("error", error);
}

function describeError(err: unknown): string {
  if (err instanceof ApiError) return tr("error", { message: err.message, reason: err.reason });
  return tr("error_plain", { message: err instanceof Error ? err.message : String(err) });
}

/** A seat's name ("Seat 3" when it has none); the reader's is marked "(you)". */
function who(seat: number): string {
  if (!table || Number.isNaN(seat)) return "?";
  const name = table.room?.seats[seat]?.displayName || tr("seat_n", { n: seat + 1 });
  return seat === table.mySeat ? tr("web-me", { name }) : name;
}

function playerName(playerId: string): string {
  if (!table) return "?";
  const name = table.room?.seats.find((s) => s.playerId === playerId)?.displayName || tr("web-someone");
  return playerId === table.client.playerId ? tr("web-me", { name }) : name;
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
  const name = ($("name") as HTMLInputElement).value.trim() || tr("web-default_name");
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
    events: [],
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
  setStatus("live", "web-status-connecting");
  try {
    for await (const update of t.client.subscribe(t.roomId, {
      signal: t.stop.signal,
      onReconnect: ({ afterSeq }) => setStatus("reconnecting", "web-status-reconnecting", { seq: String(afterSeq) }),
    })) {
      setStatus("live", "web-status-live");
      apply(t, update);
    }
  } catch (err) {
    setStatus("error", "web-status-disconnected");
    setPrompt(describeError(err), true);
  }
}

function apply(t: TableState, update: SubscribeResponse): void {
  if (update.kind === UpdateKind.CHAT || update.kind === UpdateKind.PRESENCE) {
    for (const event of update.events) log(t, event); // a chat line: the table is unchanged
    render();
    return;
  }
  t.seq = update.seq;
  t.version = update.version;
  if (update.room) t.room = update.room;
  if (update.view?.game.case === "tomahawk") t.view = update.view.game.value;
  t.waitingFor = update.waitingFor;
  for (const event of update.events) log(t, event);
  if (update.outcome) {
    t.finished = true;
    t.outcome = update.outcome;
  }
  render();
  refreshLegal(t);
}

function logLine(t: TableState, entry: TableState["events"][number]): HTMLLIElement {
  const names = { seat: who, player: playerName, me: t.mySeat };
  return el("li", { textContent: narrate(entry.event, names), className: entry.isPrivate ? "private" : "" });
}

function log(t: TableState, event: CercleEvent): void {
  const entry = { event, isPrivate: event.private };
  t.events.push(entry);
  if (t.events.length > LOG_SIZE) t.events.shift();
  const list = $("log");
  list.prepend(logLine(t, entry));
  while (list.childElementCount > LOG_SIZE) list.lastElementChild?.remove();
}

/** The whole log again (in the language just chosen). */
function renderLog(t: TableState): void {
  $("log").replaceChildren(...t.events.map((entry) => logLine(t, entry)).reverse());
}

function renderOutcome(t: TableState): void {
  const outcome = $("outcome");
  outcome.hidden = !t.outcome;
  if (!t.outcome) return;
  const names = t.outcome.winners.map(who).join(", ") || tr("nobody");
  const scores = t.outcome.scores.map((s, i) => `${who(i)} ${s}`).join(", ");
  outcome.textContent = tr("web-outcome", { names, scores });
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

function actionLabel(action: Action): string {
  return label(action, { hand: table?.view?.hand ?? [], pendingDraw: table?.view?.pendingDraw ?? 0, who });
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
  setPrompt(tr("web-choose"));
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
      const kind = seat.kind === SeatKind.BOT ? `${tr("bot")} (${tr(BOT_LEVELS[seat.botLevel] ?? "bot")})` : tr("web-human");
      const bits = [
        seat.playerId ? kind : tr("free_seat"),
        t.room?.status === RoomStatus.OPEN ? tr(seat.ready ? "ready" : "not_ready") : "",
        sv ? tr("tt-seat_line", { cards: sv.cards, total: sv.total }) : "",
        sv?.calledTomahawk ? tr("tt-called") : "",
        sv?.skipsNextTurn ? tr("tt-skips_next") : "",
      ].filter(Boolean);
      return el(
        "div",
        {
          className: `seat${i === t.mySeat ? " me" : ""}${t.view?.turn === i ? " turn" : ""}`,
          dataset: { seat: String(i) },
        },
        el("div", { textContent: who(i) }),
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
    info.textContent = t.room?.status === RoomStatus.OPEN ? tr("web-waiting_start") : "";
    return;
  }
  const swatch = el("span", { className: "swatch" });
  swatch.style.background = `var(--${v.colour === undefined ? "ink" : colourCss(v.colour)})`;
  const colour = v.colour === undefined ? [tr("tt-colour_to_name")] : [swatch, ` ${colourWord(v.colour)}`];
  const phase = phaseWord(v.phase);
  const turn = v.turn !== undefined ? tr("tt-turn", { name: who(v.turn), phase }) : tr("web-phase_line", { phase });
  const header = { round: v.round, target: v.targetScore, direction: direction(v.direction) };
  info.replaceChildren(
    el("div", { textContent: tr("tt-header", { ...header, draw: v.drawPile, discard: v.discardPile }) }),
    el("div", {}, tr("web-colour_label"), " ", ...colour),
    el("div", { textContent: v.pendingDraw ? `${turn} · ${tr("web-pending_line", { n: v.pendingDraw })}` : turn }),
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
    setPrompt(free ? tr("web-wait_players", { free }) : tr("web-all_here"));
    return;
  }
  const v = t.view;
  if (!v) return;
  if (t.waitingFor.includes(t.mySeat)) {
    setPrompt(phaseHint(v));
  } else {
    setPrompt(tr("web-waiting_for", { names: t.waitingFor.map(who).join(", ") || "…" }));
  }
}

function render(): void {
  const t = table;
  if (!t) return;
  $("join-code").textContent = t.room?.joinCode || "—";
  $("seq").textContent = String(t.seq);
  $("version").textContent = String(t.version);
  const status = t.room?.status ?? RoomStatus.UNSPECIFIED;
  $("room-status").textContent = tr(ROOM_STATUSES[status] ?? "status-unspecified");
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
  renderOutcome(t);
}

// -- wiring ---------------------------------------------------------------------------------------

function guard(run: () => Promise<void>): (ev: Event) => void {
  return (ev) => {
    ev.preventDefault();
    run().catch((err: unknown) => {
      setStatus("error", "web-status-error");
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

// -- language -------------------------------------------------------------------------------------

/** Shows the page in the current language: static words, status, table, log. */
function applyLanguage(previousDefaultName?: string): void {
  document.documentElement.lang = language();
  localize(document);
  for (const button of document.querySelectorAll<HTMLButtonElement>("#lang-switch button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === language()));
  }
  const name = $("name") as HTMLInputElement;
  if (params.get("name") === null && (previousDefaultName === undefined || name.value === previousDefaultName)) {
    name.value = tr("web-default_name");
  }
  setStatus(status.state, ...status.words);
  if (table) {
    render();
    renderLog(table);
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>("#lang-switch button")) {
  button.addEventListener("click", () => {
    const lang = button.dataset.lang ?? "";
    if (!isLanguage(lang) || lang === language()) return;
    const previousDefaultName = tr("web-default_name");
    setLanguage(lang);
    params.set("lang", lang);
    history.replaceState(null, "", `?${params}`);
    applyLanguage(previousDefaultName);
  });
}
applyLanguage();
setStatus("idle", "web-status-idle", { url: envoyUrl });
