/**
 * "Invite a player" at an open table the reader sits at (InboxService.InvitePlayer): the
 * people the reader played with lately (their finished matches, LobbyService.ListMatchHistory),
 * shown by name, each with an Invite button, so nobody has to know an id; and a box for the
 * player id a friend gave (every lobby shows its player's, "Your player id"). The invitee's
 * lobby shows the invitation live (lobby.ts). A sent invitation is confirmed by name; a
 * refusal (no such player, too many invitations this hour, the reader's own id) is said in
 * words next to the box (refusal.ts) and changes nothing.
 *
 * The panel's skeleton is index.html's #invite, a <details> under the room bar (closed until
 * opened, so a phone keeps the table in view): the id being typed survives the table's
 * redraws, which only show or hide it and redraw the list of names when it changed.
 */

import { type CercleClient, type MatchRecord, type Room, RoomStatus, SeatKind } from "../../ts/src/index.js";
import { $, button, el } from "./dom.js";
import { language, t } from "./i18n.js";
import { showRefusal } from "./lobby.js";
import { refusal } from "./refusal.js";

/** How many of the reader's latest finished matches are read for names. */
const MATCHES_READ = 30;
/** How many people the list offers at most. */
export const RECENT_SHOWN = 8;

/** A person the reader may invite. */
export interface Invitee {
  readonly playerId: string;
  /** Their display name as it was in the match (empty if the server had none). */
  readonly name: string;
}

/** The people the reader played with, from their finished matches (newest first): each
 * person once (with the name of the newest match), never the reader, a bot or a free seat,
 * nor anyone in `skip` (the ones already at the table); at most `limit`. */
export function recentPlayers(
  matches: readonly MatchRecord[],
  me: string,
  skip: ReadonlySet<string> = new Set(),
  limit = RECENT_SHOWN,
): Invitee[] {
  const found = new Map<string, Invitee>();
  for (const match of matches) {
    for (const seat of match.seats) {
      const id = seat.playerId;
      if (seat.kind !== SeatKind.HUMAN || !id || id === me || skip.has(id) || found.has(id)) continue;
      found.set(id, { playerId: id, name: seat.displayName });
    }
  }
  return [...found.values()].slice(0, limit);
}

/** Whether the reader may invite someone to the table now: they sit there, its match has not
 * started, and a seat is free. */
export function mayInvite(room: Room | undefined, mySeat: number): boolean {
  return room?.status === RoomStatus.OPEN && mySeat >= 0 && room.seats.some((s) => !s.playerId);
}

export class InvitePanel {
  /** The people of the reader's history (undefined until it is read, once a table). */
  private history: Invitee[] | undefined;
  private asked = false;
  private sending = false;
  /** The name of the last person invited from this panel (the confirmation line). */
  private sentTo: string | undefined;
  private room: Room | undefined;
  /** What the list shows now (names, ids, language): drawn again only when it changes, so
   * neither a redraw of the table nor a click takes the focus off a button. */
  private drawn = "";

  constructor(
    private readonly client: CercleClient,
    private readonly roomId: string,
  ) {}

  /** Wires the form and clears what another table left. */
  open(): void {
    const form = $("invite-form") as HTMLFormElement;
    const input = $("invite-id") as HTMLInputElement;
    input.value = "";
    form.onsubmit = (event) => {
      event.preventDefault();
      void this.invite(input.value.trim(), undefined, input);
    };
    const panel = $("invite") as HTMLDetailsElement;
    panel.open = false;
    panel.hidden = true;
    panel.dataset.room = this.roomId;
    $("invite-recent").replaceChildren();
    this.drawn = "";
    showRefusal($("invite-error"), "");
    this.drawNote();
  }

  /** Whether the page's panel is still this table's: an answer that comes after the reader
   * went to another table draws nothing. */
  private get mine(): boolean {
    return $("invite").dataset.room === this.roomId;
  }

  /** Shown while the reader may invite; the list read from the history the first time. */
  render(room: Room | undefined, mySeat: number): void {
    this.room = room;
    const shown = mayInvite(room, mySeat);
    $("invite").hidden = !shown;
    if (!shown) return;
    if (!this.asked) {
      this.asked = true;
      void this.readHistory();
    }
    this.drawList();
    this.drawNote();
  }

  private async readHistory(): Promise<void> {
    try {
      const page = await this.client.matchHistoryPage(MATCHES_READ);
      this.history = recentPlayers(page.matches, this.client.playerId, new Set(), MATCHES_READ);
    } catch {
      this.history = []; // the box for an id still works
    }
    this.drawList();
  }

  /** The people to pick from: the history's, less those seated at the table now. */
  private drawList(): void {
    if (!this.mine) return;
    const list = $("invite-recent");
    const seated = new Set(this.room?.seats.map((s) => s.playerId).filter(Boolean));
    const people = (this.history ?? []).filter((p) => !seated.has(p.playerId)).slice(0, RECENT_SHOWN);
    // While an invitation is on its way the buttons stay (a disabled button loses the
    // focus); a click then does nothing.
    $("invite").setAttribute("aria-busy", String(this.sending));
    const key = JSON.stringify([language(), this.history === undefined, people]);
    if (key === this.drawn) return;
    this.drawn = key;
    if (this.history === undefined) {
      list.replaceChildren();
      return;
    }
    list.replaceChildren(
      ...(people.length
        ? people.map((p) => {
            const name = p.name || t("web-someone");
            return el(
              "li",
              { dataset: { player: p.playerId } },
              el("span", { className: "invitee" }, name),
              button(t("web-invite-send"), () => void this.invite(p.playerId, name), {
                dataset: { invite: p.playerId },
                aria: { label: t("web-invite-who", { name }) },
              }),
            );
          })
        : [el("li", { className: "meta" }, t("web-invite-recent_none"))]),
    );
  }

  private drawNote(): void {
    if (!this.mine) return;
    const note = $("invite-note");
    note.textContent = this.sentTo === undefined ? "" : t("web-invite-sent", { name: this.sentTo });
  }

  /** Invites `playerId` (named `name` when it was picked from the list; a pasted id is named
   * from the server once the invitation is sent); `input` is the box it came from, emptied
   * once it is sent. */
  private async invite(playerId: string, name: string | undefined, input?: HTMLInputElement): Promise<void> {
    if (this.sending || !playerId) return;
    const error = $("invite-error");
    this.sentTo = undefined;
    this.drawNote();
    if (playerId === this.client.playerId) {
      showRefusal(error, t("web-invite-self"));
      return;
    }
    showRefusal(error, "");
    this.sending = true;
    this.drawList();
    try {
      await this.client.invitePlayer(this.roomId, playerId);
      this.sentTo = name ?? (await this.nameOf(playerId));
      if (input && this.mine) input.value = "";
    } catch (err) {
      if (this.mine) showRefusal(error, refusal(err));
    } finally {
      this.sending = false;
      this.drawList();
      this.drawNote();
    }
  }

  /** A player's display name: the history's, else the server's (their id if it has none). */
  private async nameOf(playerId: string): Promise<string> {
    const known = this.history?.find((p) => p.playerId === playerId)?.name;
    if (known) return known;
    try {
      return (await this.client.playerRatings(playerId)).displayName || playerId;
    } catch {
      return playerId;
    }
  }
}
