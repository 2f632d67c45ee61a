/**
 * A finished match step by step (GameService.GetReplay): the table redrawn as it was after
 * each step (the step's `view`, the public view a spectator saw then, drawn by the game's
 * own table code, games/<game>.ts), with step back and forward, a slider, and "jump to
 * round N" for the games played in rounds; beside it who did what (each action's label,
 * "the server played" for a timeout) and what followed, every event told, private ones
 * included (the match is over: nothing is secret any more). First the seed commitment is
 * checked: the start published sha256("<seed>:<nonce>"); the replay reveals seed and nonce,
 * and the page computes the digest itself (sha256.ts). Then the deal (deal.ts): the seed
 * derived from the server's committed secret and every seat's part.
 */

import type { CercleClient, GetGameCatalogueResponse, GetReplayResponse, ReplayStep } from "../../ts/src/index.js";
import type { GameUi, Names, TableContext } from "./games/types.js";
import { $, button, el } from "./dom.js";
import { gameUi } from "./games/registry.js";
import { gameTitle } from "./games/titles.js";
import { t } from "./i18n.js";
import { narrate } from "./narrate.js";
import { refusal } from "./refusal.js";
import { checkDeal } from "./deal.js";
import { sha256Hex } from "./sha256.js";
import { seatName } from "./words.js";

/** The first position (1-based: the table after that step) of each round, by round. */
export function roundStarts(steps: readonly ReplayStep[], ui: GameUi<unknown> | undefined): Map<number, number> {
  const starts = new Map<number, number>();
  steps.forEach((step, i) => {
    const view = ui?.view(step.view);
    const round = view !== undefined ? ui?.round?.(view) : undefined;
    if (round !== undefined && !starts.has(round)) starts.set(round, i + 1);
  });
  return starts;
}

export class Replay {
  private data: GetReplayResponse | undefined;
  private catalogue: GetGameCatalogueResponse | undefined;
  private step = 0;
  private rounds = new Map<number, number>();

  constructor(
    private readonly client: CercleClient,
    private readonly roomId: string,
    private readonly back: () => void,
  ) {}

  async open(): Promise<void> {
    $("lobby").hidden = true;
    $("room").hidden = true;
    $("replay").hidden = false;
    $("replay-back").onclick = () => this.back();
    $("replay-body").replaceChildren();
    try {
      this.data = await this.client.replay(this.roomId);
      this.step = 0;
      this.rounds = roundStarts(this.data.steps, gameUi(this.data.match?.gameId ?? ""));
      this.catalogue = await this.client.gameCatalogue(this.data.match?.gameId ?? "").catch(() => undefined);
    } catch (err) {
      $("replay-body").replaceChildren(el("p", { className: "error", role: "alert" }, refusal(err)));
      return;
    }
    this.render();
    ($("replay-next") as HTMLButtonElement | null)?.focus();
  }

  private names(): Names {
    const seats = this.data?.match?.seats ?? [];
    return {
      seat: (seat) => seatName(seats[seat], seat, this.data?.match?.gameId),
      player: (id) => {
        const index = seats.findIndex((s) => s.playerId === id);
        return index < 0 ? t("web-someone") : seatName(seats[index], index, this.data?.match?.gameId);
      },
      me: -1,
      catalogue: this.catalogue,
    };
  }

  /** The commitment check, as a sentence and whether it holds. */
  commitment(): { ok: boolean; digest: string } {
    const d = this.data!;
    const digest = sha256Hex(`${d.match!.seed}:${d.match!.seedNonce}`);
    return { ok: digest === d.match!.seedCommitment, digest };
  }

  /** The whole replay view (again, in another language); the step part is renderStep's. */
  render(): void {
    const d = this.data;
    if (!d) return;
    const check = this.commitment();
    const deal = checkDeal(d.match!);
    const total = d.steps.length;
    const focused = document.activeElement?.id;
    const slider = el("input", { id: "replay-slider", type: "range", min: "0", max: String(total), step: "1", value: String(this.step) });
    slider.addEventListener("input", () => this.go(Number(slider.value)));
    const rounds = [...this.rounds.entries()].sort(([a], [b]) => a - b);
    const jump = el(
      "select",
      { id: "replay-round" },
      ...rounds.map(([round, start]) => el("option", { value: String(start) }, t("web-replay_round", { n: round }))),
    );
    jump.addEventListener("change", () => this.go(Number(jump.value)));
    $("replay-body").replaceChildren(
      el("h2", {}, t("web-replay_title", { game: gameTitle(d.match!.gameId), names: d.match!.seats.map((s, i) => seatName(s, i, d.match!.gameId)).join(", ") })),
      el(
        "p",
        { className: check.ok ? "good" : "error", id: "commitment", dataset: { ok: String(check.ok) } },
        t(check.ok ? "commitment_ok" : "commitment_bad"),
      ),
      ...(deal.derived
        ? [
            el(
              "p",
              { className: deal.ok ? "good" : "error", id: "deal", dataset: { ok: String(deal.ok) } },
              deal.ok ? t("deal_ok", { players: deal.players.length }) : deal.problems.map((p) => t("deal_bad", { problem: t(p.message, p.seat === undefined ? {} : { seat: p.seat + 1 }) })).join(" "),
            ),
          ]
        : []),
      el("details", {}, el("summary", {}, t("web-replay_details")), el("pre", {}, `${t("replay_seed", { seed: d.match!.seed.toString(), nonce: d.match!.seedNonce })}\n${t("replay_commitment", { digest: check.digest, commitment: d.match!.seedCommitment })}`)),
      el(
        "div",
        { className: "row", role: "group", aria: { label: t("web-replay_steps") } },
        button(t("web-replay_first"), () => this.go(0), { id: "replay-first" }),
        button(t("web-replay_prev"), () => this.go(this.step - 1), { id: "replay-prev" }),
        el("span", { id: "replay-position", aria: { live: "polite" } }),
        button(t("web-replay_next"), () => this.go(this.step + 1), { id: "replay-next" }),
        button(t("web-replay_last"), () => this.go(total), { id: "replay-last" }),
      ),
      el(
        "div",
        { className: "row replay-seek" },
        el("label", { htmlFor: slider.id }, t("web-replay_slider")),
        slider,
        rounds.length > 1 ? el("label", { htmlFor: jump.id }, t("web-replay_jump")) : undefined,
        rounds.length > 1 ? jump : undefined,
      ),
      el("div", { id: "replay-now" }),
      el("ol", { className: "replay-steps", reversed: true, tabIndex: 0, aria: { label: t("web-replay_steps") } }),
    );
    this.renderStep();
    if (focused) document.getElementById(focused)?.focus();
  }

  private go(n: number): void {
    this.step = Math.max(0, Math.min(this.data?.steps.length ?? 0, n));
    this.renderStep();
  }

  /** The part that follows the position: the controls' state, the table after the step,
   * and the steps so far (the slider itself stays, so dragging it is not interrupted). */
  private renderStep(): void {
    const d = this.data;
    if (!d) return;
    const total = d.steps.length;
    const at = this.step;
    for (const [id, disabled] of [["replay-first", at === 0], ["replay-prev", at === 0], ["replay-next", at >= total], ["replay-last", at >= total]] as const) {
      ($(id) as HTMLButtonElement).disabled = disabled;
    }
    $("replay-position").textContent = t("web-replay_position", { n: at, total });
    ($("replay-slider") as HTMLInputElement).value = String(at);
    const jump = document.getElementById("replay-round") as HTMLSelectElement | null;
    if (jump) {
      const starts = [...jump.options].map((o) => Number(o.value));
      const current = starts.filter((start) => start <= at).pop();
      jump.value = String(current ?? starts[0]);
    }
    const names = this.names();
    const ui = gameUi(d.match!.gameId);
    const lines = d.steps.slice(0, at).map((s, i) => stepItem(s, ui, names, i === at - 1));
    document.querySelector("#replay-body .replay-steps")?.replaceChildren(...lines.reverse());
    $("replay-now").replaceChildren(...this.tableAt(at, ui, names));
  }

  /** The table after step `at` (before the first step: the seats only). */
  private tableAt(at: number, ui: GameUi<unknown> | undefined, names: Names): HTMLElement[] {
    const d = this.data!;
    const step = at > 0 ? d.steps[at - 1] : undefined;
    const view = step ? ui?.view(step.view) : undefined;
    const over = at === d.steps.length && at > 0;
    const winners = over ? (d.match?.outcome?.winners ?? []) : [];
    const turn = view !== undefined && !over ? ui?.turn(view) : undefined;
    const seats = el(
      "ul",
      { className: "replay-seats", aria: { label: t("web-seats") } },
      ...(d.match?.seats ?? []).map((seat, i) =>
        el(
          "li",
          { className: `seat${turn === i ? " turn" : ""}${winners.includes(i) ? " winner" : ""}`, dataset: { seat: String(i) } },
          el("div", { className: "seat-name" }, winners.includes(i) ? "♛ " : "", seatName(seat, i)),
          view !== undefined && ui ? el("div", { className: "meta" }, ui.seatLines(view, i, names).join(" · ")) : undefined,
        ),
      ),
    );
    const heading = step
      ? el("p", { className: "meta", id: "replay-step-now" }, t("web-replay_now", { n: at, what: stepTitle(step, ui, names) }))
      : el("p", { className: "meta", id: "replay-step-now" }, t("web-replay_start"));
    const ctx: TableContext = {
      ...names,
      legal: [],
      calls: [], // a replay offers no move, and no call
      busy: true,
      play: () => undefined,
      choose: () => undefined,
      catalogue: this.catalogue,
      seats: d.match?.seats.length ?? 0,
      waitingFor: [], // no clock runs in a replay
      deadlines: [],
    };
    const board = el("div", { className: "replay-board", id: "replay-board", dataset: { step: String(at) } }, ...(view !== undefined && ui ? ui.table(view, ctx).nodes : []));
    return [heading, seats, board];
  }
}

function stepTitle(s: ReplayStep, ui: GameUi<unknown> | undefined, names: Names): string {
  const who = s.timeout ? `${names.seat(s.seat)} ${t("timeout_tag")}` : names.seat(s.seat);
  const action = s.action && ui ? ui.label(s.action, undefined, names) : "";
  return t("replay_step", { version: Number(s.version), seat: who, action });
}

function stepItem(s: ReplayStep, ui: GameUi<unknown> | undefined, names: Names, current: boolean): HTMLElement {
  return el(
    "li",
    { className: current ? "current" : "" },
    el("strong", {}, stepTitle(s, ui, names)),
    el("ul", {}, ...s.events.map((e) => el("li", {}, narrate(e, names)))),
  );
}
