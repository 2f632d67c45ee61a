/**
 * A finished match step by step (GameService.GetReplay): who did what (each action's label,
 * "the server played" for a timeout) and what followed, every event told, private ones
 * included (the match is over: nothing is secret any more). First the seed commitment is
 * checked: the start published sha256("<seed>:<nonce>"); the replay reveals seed and nonce,
 * and the page computes the digest itself (sha256.ts).
 */

import type { CercleClient, GetGameCatalogueResponse, GetReplayResponse } from "../../ts/src/index.js";
import type { Names } from "./games/types.js";
import { $, button, el } from "./dom.js";
import { gameUi } from "./games/registry.js";
import { tomyPlace } from "./games/tomy.js";
import { t } from "./i18n.js";
import { narrate } from "./narrate.js";
import { refusal } from "./refusal.js";
import { sha256Hex } from "./sha256.js";
import { seatName } from "./words.js";

export class Replay {
  private data: GetReplayResponse | undefined;
  private catalogue: GetGameCatalogueResponse | undefined;
  private step = 0;

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
    try {
      this.data = await this.client.replay(this.roomId);
      this.step = 0;
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
      place: (location) => tomyPlace(this.catalogue, location),
      catalogue: this.catalogue,
    };
  }

  /** The commitment check, as a sentence and whether it holds. */
  commitment(): { ok: boolean; digest: string } {
    const d = this.data!;
    const digest = sha256Hex(`${d.match!.seed}:${d.match!.seedNonce}`);
    return { ok: digest === d.match!.seedCommitment, digest };
  }

  render(): void {
    const d = this.data;
    if (!d) return;
    const names = this.names();
    const ui = gameUi(d.match!.gameId);
    const check = this.commitment();
    const steps = d.steps;
    const go = (n: number): void => {
      this.step = Math.max(0, Math.min(steps.length, n));
      this.render();
    };
    const current = this.step > 0 ? steps[this.step - 1] : undefined;
    const stepLines = steps.slice(0, this.step).map((s, i) => {
      const who = s.timeout ? `${names.seat(s.seat)} ${t("timeout_tag")}` : names.seat(s.seat);
      const action = s.action && ui ? ui.label(s.action, undefined, names) : "";
      return el(
        "li",
        { className: i === this.step - 1 ? "current" : "" },
        el("strong", {}, t("replay_step", { version: Number(s.version), seat: who, action })),
        el("ul", {}, ...s.events.map((e) => el("li", {}, narrate(e, names)))),
      );
    });
    const focused = document.activeElement?.id;
    $("replay-body").replaceChildren(
      el("h2", {}, t("web-replay_title", { game: t(`web-game-${d.match!.gameId}`), names: d.match!.seats.map((s, i) => seatName(s, i, d.match!.gameId)).join(", ") })),
      el(
        "p",
        { className: check.ok ? "good" : "error", id: "commitment", dataset: { ok: String(check.ok) } },
        t(check.ok ? "commitment_ok" : "commitment_bad"),
      ),
      el("details", {}, el("summary", {}, t("web-replay_details")), el("pre", {}, `${t("replay_seed", { seed: d.match!.seed.toString(), nonce: d.match!.seedNonce })}\n${t("replay_commitment", { digest: check.digest, commitment: d.match!.seedCommitment })}`)),
      el(
        "div",
        { className: "row", role: "group", aria: { label: t("web-replay_steps") } },
        button(t("web-replay_first"), () => go(0), { id: "replay-first", disabled: this.step === 0 }),
        button(t("web-replay_prev"), () => go(this.step - 1), { id: "replay-prev", disabled: this.step === 0 }),
        el("span", { id: "replay-position", aria: { live: "polite" } }, t("web-replay_position", { n: this.step, total: steps.length })),
        button(t("web-replay_next"), () => go(this.step + 1), { id: "replay-next", disabled: this.step >= steps.length }),
        button(t("web-replay_last"), () => go(steps.length), { id: "replay-last", disabled: this.step >= steps.length }),
      ),
      current ? el("p", { className: "meta" }, t("web-replay_current", { n: this.step })) : el("p", { className: "meta" }, t("web-replay_start")),
      el("ol", { className: "replay-steps", reversed: true, tabIndex: 0, aria: { label: t("web-replay_steps") } }, ...stepLines.reverse()),
    );
    if (focused) document.getElementById(focused)?.focus();
  }
}
