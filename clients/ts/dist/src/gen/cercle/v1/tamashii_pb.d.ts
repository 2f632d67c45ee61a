import type { GenFile, GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/tamashii.proto.
 */
export declare const file_cercle_v1_tamashii: GenFile;
/**
 * A move in Tamashii: exactly one is set.
 *
 * @generated from message cercle.v1.TamashiiAction
 */
export type TamashiiAction = Message<"cercle.v1.TamashiiAction"> & {
    /**
     * The action.
     *
     * @generated from oneof cercle.v1.TamashiiAction.action
     */
    action: {
        /**
         * @generated from field: cercle.v1.TamashiiAction.Peek peek = 1;
         */
        value: TamashiiAction_Peek;
        case: "peek";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiAction.Gather gather = 2;
         */
        value: TamashiiAction_Gather;
        case: "gather";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiAction.DrawAgain draw_again = 3;
         */
        value: TamashiiAction_DrawAgain;
        case: "drawAgain";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiAction.Place place = 4;
         */
        value: TamashiiAction_Place;
        case: "place";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiAction.PowerPeek power_peek = 5;
         */
        value: TamashiiAction_PowerPeek;
        case: "powerPeek";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.TamashiiAction.
 * Use `create(TamashiiActionSchema)` to create a new message.
 */
export declare const TamashiiActionSchema: GenMessage<TamashiiAction>;
/**
 * TM-PEEK-1: look at the face-down card in `slot`; this is the whole turn.
 *
 * @generated from message cercle.v1.TamashiiAction.Peek
 */
export type TamashiiAction_Peek = Message<"cercle.v1.TamashiiAction.Peek"> & {
    /**
     * @generated from field: int32 slot = 1;
     */
    slot: number;
};
/**
 * Describes the message cercle.v1.TamashiiAction.Peek.
 * Use `create(TamashiiAction_PeekSchema)` to create a new message.
 */
export declare const TamashiiAction_PeekSchema: GenMessage<TamashiiAction_Peek>;
/**
 * TM-GATHER-1: start the turn by drawing one gem from the bag.
 *
 * @generated from message cercle.v1.TamashiiAction.Gather
 */
export type TamashiiAction_Gather = Message<"cercle.v1.TamashiiAction.Gather"> & {};
/**
 * Describes the message cercle.v1.TamashiiAction.Gather.
 * Use `create(TamashiiAction_GatherSchema)` to create a new message.
 */
export declare const TamashiiAction_GatherSchema: GenMessage<TamashiiAction_Gather>;
/**
 * TM-GATHER-1: draw one more gem (only after `Gather`).
 *
 * @generated from message cercle.v1.TamashiiAction.DrawAgain
 */
export type TamashiiAction_DrawAgain = Message<"cercle.v1.TamashiiAction.DrawAgain"> & {};
/**
 * Describes the message cercle.v1.TamashiiAction.DrawAgain.
 * Use `create(TamashiiAction_DrawAgainSchema)` to create a new message.
 */
export declare const TamashiiAction_DrawAgainSchema: GenMessage<TamashiiAction_DrawAgain>;
/**
 * Put every gem drawn this turn on the face-down card in `slot`; with `free`, then
 * try to free it (TM-FREE-1). Ends the turn (after Tsuchi's peek if it is freed).
 *
 * @generated from message cercle.v1.TamashiiAction.Place
 */
export type TamashiiAction_Place = Message<"cercle.v1.TamashiiAction.Place"> & {
    /**
     * @generated from field: int32 slot = 1;
     */
    slot: number;
    /**
     * @generated from field: bool free = 2;
     */
    free: boolean;
};
/**
 * Describes the message cercle.v1.TamashiiAction.Place.
 * Use `create(TamashiiAction_PlaceSchema)` to create a new message.
 */
export declare const TamashiiAction_PlaceSchema: GenMessage<TamashiiAction_Place>;
/**
 * Tsuchi's PEEK power: look at the face-down card in `slot`.
 *
 * @generated from message cercle.v1.TamashiiAction.PowerPeek
 */
export type TamashiiAction_PowerPeek = Message<"cercle.v1.TamashiiAction.PowerPeek"> & {
    /**
     * @generated from field: int32 slot = 1;
     */
    slot: number;
};
/**
 * Describes the message cercle.v1.TamashiiAction.PowerPeek.
 * Use `create(TamashiiAction_PowerPeekSchema)` to create a new message.
 */
export declare const TamashiiAction_PowerPeekSchema: GenMessage<TamashiiAction_PowerPeek>;
/**
 * What one seat (or a spectator) sees. Never the RNG, never a face-down card, except
 * with `memory_aid`: `my_peeks` (the viewer's own peeks) and `seen_by_all` (cards
 * shown by a failed liberation), both for cards still face down.
 *
 * @generated from message cercle.v1.TamashiiView
 */
export type TamashiiView = Message<"cercle.v1.TamashiiView"> & {
    /**
     * @generated from field: string level = 1;
     */
    level: string;
    /**
     * @generated from field: bool memory_aid = 2;
     */
    memoryAid: boolean;
    /**
     * @generated from field: bool powers_active = 3;
     */
    powersActive: boolean;
    /**
     * @generated from field: bool black_is_wild = 4;
     */
    blackIsWild: boolean;
    /**
     * @generated from field: int32 players = 5;
     */
    players: number;
    /**
     * @generated from field: int32 turn = 6;
     */
    turn: number;
    /**
     * @generated from field: string phase = 7;
     */
    phase: string;
    /**
     * @generated from field: repeated cercle.v1.TamashiiSlotView slots = 8;
     */
    slots: TamashiiSlotView[];
    /**
     * @generated from field: cercle.v1.TamashiiGems bag = 9;
     */
    bag?: TamashiiGems | undefined;
    /**
     * @generated from field: cercle.v1.TamashiiGems drawn = 10;
     */
    drawn?: TamashiiGems | undefined;
    /**
     * @generated from field: cercle.v1.TamashiiGems removed = 11;
     */
    removed?: TamashiiGems | undefined;
    /**
     * @generated from field: int32 freed = 12;
     */
    freed: number;
    /**
     * @generated from field: string end_reason = 13;
     */
    endReason: string;
    /**
     * @generated from field: string verdict_en = 14;
     */
    verdictEn: string;
    /**
     * @generated from field: string verdict_fr = 15;
     */
    verdictFr: string;
    /**
     * @generated from field: repeated cercle.v1.TamashiiKnownCard my_peeks = 16;
     */
    myPeeks: TamashiiKnownCard[];
    /**
     * @generated from field: repeated cercle.v1.TamashiiKnownCard seen_by_all = 17;
     */
    seenByAll: TamashiiKnownCard[];
};
/**
 * Describes the message cercle.v1.TamashiiView.
 * Use `create(TamashiiViewSchema)` to create a new message.
 */
export declare const TamashiiViewSchema: GenMessage<TamashiiView>;
/**
 * One of the six places on the table.
 *
 * `card` is set only when the card is face up (freed). `peeked_by` lists the seats that
 * have looked at this slot (public: everyone sees who peeks where, not what they saw).
 *
 * @generated from message cercle.v1.TamashiiSlotView
 */
export type TamashiiSlotView = Message<"cercle.v1.TamashiiSlotView"> & {
    /**
     * @generated from field: int32 slot = 1;
     */
    slot: number;
    /**
     * @generated from field: bool face_up = 2;
     */
    faceUp: boolean;
    /**
     * @generated from field: cercle.v1.TamashiiCardView card = 3;
     */
    card?: TamashiiCardView | undefined;
    /**
     * @generated from field: cercle.v1.TamashiiGems gems = 4;
     */
    gems?: TamashiiGems | undefined;
    /**
     * @generated from field: repeated int32 peeked_by = 5;
     */
    peekedBy: number[];
};
/**
 * Describes the message cercle.v1.TamashiiSlotView.
 * Use `create(TamashiiSlotViewSchema)` to create a new message.
 */
export declare const TamashiiSlotViewSchema: GenMessage<TamashiiSlotView>;
/**
 * A number of gems per colour.
 *
 * @generated from message cercle.v1.TamashiiGems
 */
export type TamashiiGems = Message<"cercle.v1.TamashiiGems"> & {
    /**
     * @generated from field: int32 blue = 1;
     */
    blue: number;
    /**
     * @generated from field: int32 red = 2;
     */
    red: number;
    /**
     * @generated from field: int32 yellow = 3;
     */
    yellow: number;
    /**
     * @generated from field: int32 black = 4;
     */
    black: number;
};
/**
 * Describes the message cercle.v1.TamashiiGems.
 * Use `create(TamashiiGemsSchema)` to create a new message.
 */
export declare const TamashiiGemsSchema: GenMessage<TamashiiGems>;
/**
 * A face-down card the viewer has seen (memory aid only).
 *
 * @generated from message cercle.v1.TamashiiKnownCard
 */
export type TamashiiKnownCard = Message<"cercle.v1.TamashiiKnownCard"> & {
    /**
     * @generated from field: int32 slot = 1;
     */
    slot: number;
    /**
     * @generated from field: cercle.v1.TamashiiCardView card = 2;
     */
    card?: TamashiiCardView | undefined;
};
/**
 * Describes the message cercle.v1.TamashiiKnownCard.
 * Use `create(TamashiiKnownCardSchema)` to create a new message.
 */
export declare const TamashiiKnownCardSchema: GenMessage<TamashiiKnownCard>;
/**
 * A Tamashii's face: `needs` to be freed and its `power` (`NONE` if it has none).
 *
 * @generated from message cercle.v1.TamashiiCardView
 */
export type TamashiiCardView = Message<"cercle.v1.TamashiiCardView"> & {
    /**
     * @generated from field: int32 id = 1;
     */
    id: number;
    /**
     * @generated from field: string name = 2;
     */
    name: string;
    /**
     * @generated from field: cercle.v1.TamashiiGems needs = 3;
     */
    needs?: TamashiiGems | undefined;
    /**
     * @generated from field: string power = 4;
     */
    power: string;
};
/**
 * Describes the message cercle.v1.TamashiiCardView.
 * Use `create(TamashiiCardViewSchema)` to create a new message.
 */
export declare const TamashiiCardViewSchema: GenMessage<TamashiiCardView>;
