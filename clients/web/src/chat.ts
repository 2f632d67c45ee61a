/**
 * The table's chat and presence: who is connected (a mark per seat and the spectators
 * connected, from GetView's and the stream's `TablePresence`), the chat lines (the
 * `chat_sent` events of the room's log, told by narrate.ts), the text box of a seated player
 * (spectators read only: the server refuses them) and the host's mute switch per seat.
 *
 * The lines are rebuilt from the table's events (so a reload, which keeps the log, shows
 * them again); #chat-lines is a live region, so a new line is read out.
 */

import type { CercleClient, Event, TablePresence } from "../../ts/src/index.js";
import { $, button, el } from "./dom.js";
import type { Names } from "./games/types.js";
import { t } from "./i18n.js";
import { narrate } from "./narrate.js";
import { refusal } from "./refusal.js";

/** At most this many chat lines stay on screen. */
const LINES_KEPT = 100;
/** The server's limit (as people count characters); the box stops there too. */
export const CHAT_MAX = 200;

export function isChat(event: Event): boolean {
  return event.event.case === "room" && (event.event.value.event.case === "chatSent" || event.event.value.event.case === "seatMuted");
}

/** The seats muted now, from the mutes told in the log (the last word per seat wins). */
export function mutedSeats(events: readonly Event[]): Set<number> {
  const muted = new Set<number>();
  for (const e of events) {
    if (e.event.case !== "room" || e.event.value.event.case !== "seatMuted") continue;
    const m = e.event.value.event.value;
    if (m.muted) muted.add(m.seat);
    else muted.delete(m.seat);
  }
  return muted;
}

export class ChatPanel {
  presence: TablePresence | undefined;
  private sending = false;

  constructor(
    private readonly client: CercleClient,
    private readonly roomId: string,
    private readonly names: Names,
  ) {}

  /** Wires the form (Enter or the button sends) and clears what another table left. */
  open(): void {
    $("chat-lines").replaceChildren();
    const form = $("chat-form") as HTMLFormElement;
    const input = $("chat-input") as HTMLInputElement;
    input.maxLength = CHAT_MAX;
    input.value = "";
    form.onsubmit = (event) => {
      event.preventDefault();
      void this.send();
    };
    this.showError("");
  }

  connected(seat: number): boolean {
    return this.presence?.connectedSeats.includes(seat) ?? false;
  }

  /** The whole chat again from the table's events (after a reload, in another language). */
  renderLines(events: readonly Event[]): void {
    const lines = events.filter(isChat).slice(-LINES_KEPT);
    $("chat-lines").replaceChildren(...lines.map((e) => this.line(e)));
  }

  /** A new chat event: appended (the live region reads it out). */
  add(event: Event): void {
    if (!isChat(event)) return;
    const list = $("chat-lines");
    list.append(this.line(event));
    while (list.childElementCount > LINES_KEPT) list.firstElementChild?.remove();
    list.scrollTop = list.scrollHeight;
  }

  private line(event: Event): HTMLElement {
    return el("p", { className: event.event.case === "room" && event.event.value.event.case === "seatMuted" ? "meta" : "" }, narrate(event, this.names));
  }

  /** The box for a seated player, a sentence for a spectator. */
  renderForm(seated: boolean, muted: boolean): void {
    $("chat-form").hidden = !seated;
    const note = $("chat-note");
    note.textContent = !seated ? t("web-chat_spectator") : muted ? t("web-chat_muted") : "";
    note.hidden = !note.textContent;
    ($("chat-send") as HTMLButtonElement).disabled = this.sending;
  }

  /** A human seat's presence mark, and the host's mute switch where it applies. */
  seatMarks(seat: number, o: { human: boolean; muteSwitch: boolean; muted: boolean }): HTMLElement[] {
    if (!o.human) return [];
    const on = this.connected(seat);
    const mark = el("span", { className: `presence ${on ? "on" : "off"}`, dataset: { presence: on ? "on" : "off" } }, t(on ? "web-seat_connected" : "web-seat_not_connected"));
    return o.muteSwitch ? [mark, this.muteButton(seat, o.muted)] : [mark];
  }

  /** The host's switch for a seat (a human seat other than the host's own). */
  private muteButton(seat: number, muted: boolean): HTMLButtonElement {
    const who = this.names.seat(seat);
    return button(muted ? t("web-chat_unmute") : t("web-chat_mute"), () => void this.mute(seat, !muted), {
      className: "mute",
      dataset: { mute: String(seat) },
      aria: { label: t(muted ? "web-chat_unmute_who" : "web-chat_mute_who", { who }) },
    });
  }

  private async mute(seat: number, muted: boolean): Promise<void> {
    try {
      await this.client.muteSeat(this.roomId, seat, muted);
      this.showError("");
    } catch (err) {
      this.showError(refusal(err));
    }
  }

  private async send(): Promise<void> {
    const input = $("chat-input") as HTMLInputElement;
    const text = input.value;
    if (!text.trim() || this.sending) return;
    this.sending = true;
    ($("chat-send") as HTMLButtonElement).disabled = true;
    try {
      await this.client.sendChat(this.roomId, text);
      input.value = "";
      this.showError("");
    } catch (err) {
      this.showError(refusal(err));
    } finally {
      this.sending = false;
      ($("chat-send") as HTMLButtonElement).disabled = false;
    }
  }

  private showError(text: string): void {
    const node = $("chat-error");
    node.textContent = text;
    node.hidden = !text;
  }
}
