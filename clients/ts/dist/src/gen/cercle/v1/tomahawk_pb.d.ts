import type { GenFile, GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/tomahawk.proto.
 */
export declare const file_cercle_v1_tomahawk: GenFile;
/**
 * A move in Tomahawk: exactly one is set.
 *
 * @generated from message cercle.v1.TomahawkAction
 */
export type TomahawkAction = Message<"cercle.v1.TomahawkAction"> & {
    /**
     * The action.
     *
     * @generated from oneof cercle.v1.TomahawkAction.action
     */
    action: {
        /**
         * @generated from field: cercle.v1.TomahawkAction.PlayCard play_card = 1;
         */
        value: TomahawkAction_PlayCard;
        case: "playCard";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.Draw draw = 2;
         */
        value: TomahawkAction_Draw;
        case: "draw";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.Pass pass = 3;
         */
        value: TomahawkAction_Pass;
        case: "pass";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.TakePendingDraw take_pending_draw = 4;
         */
        value: TomahawkAction_TakePendingDraw;
        case: "takePendingDraw";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.TakeSkip take_skip = 5;
         */
        value: TomahawkAction_TakeSkip;
        case: "takeSkip";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.NameColour name_colour = 6;
         */
        value: TomahawkAction_NameColour;
        case: "nameColour";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.Combo combo = 7;
         */
        value: TomahawkAction_Combo;
        case: "combo";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.Agilite agilite = 8;
         */
        value: TomahawkAction_Agilite;
        case: "agilite";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.CallTomahawk call_tomahawk = 9;
         */
        value: TomahawkAction_CallTomahawk;
        case: "callTomahawk";
    } | {
        /**
         * @generated from field: cercle.v1.TomahawkAction.CallSherif call_sherif = 10;
         */
        value: TomahawkAction_CallSherif;
        case: "callSherif";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.TomahawkAction.
 * Use `create(TomahawkActionSchema)` to create a new message.
 */
export declare const TomahawkActionSchema: GenMessage<TomahawkAction>;
/**
 * Play `card` on your turn (also: answer a pending Sheriff or Skip, play a drawn card).
 *
 * `colour` names the new colour after a Diamond (required then, refused otherwise);
 * `target` is the seat a Calumet swaps hands with; `tomahawk` calls TOMAHAWK! with the
 * play when it leaves you exactly one card (ignored otherwise).
 *
 * @generated from message cercle.v1.TomahawkAction.PlayCard
 */
export type TomahawkAction_PlayCard = Message<"cercle.v1.TomahawkAction.PlayCard"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
    /**
     * @generated from field: optional string colour = 2;
     */
    colour?: string | undefined;
    /**
     * @generated from field: optional int32 target = 3;
     */
    target?: number | undefined;
    /**
     * @generated from field: bool tomahawk = 4;
     */
    tomahawk: boolean;
};
/**
 * Describes the message cercle.v1.TomahawkAction.PlayCard.
 * Use `create(TomahawkAction_PlayCardSchema)` to create a new message.
 */
export declare const TomahawkAction_PlayCardSchema: GenMessage<TomahawkAction_PlayCard>;
/**
 * Draw one card because nothing in hand can be played (TT-TURN-3).
 *
 * @generated from message cercle.v1.TomahawkAction.Draw
 */
export type TomahawkAction_Draw = Message<"cercle.v1.TomahawkAction.Draw"> & {};
/**
 * Describes the message cercle.v1.TomahawkAction.Draw.
 * Use `create(TomahawkAction_DrawSchema)` to create a new message.
 */
export declare const TomahawkAction_DrawSchema: GenMessage<TomahawkAction_Draw>;
/**
 * Keep the playable card just drawn and end the turn (TT-TURN-3).
 *
 * @generated from message cercle.v1.TomahawkAction.Pass
 */
export type TomahawkAction_Pass = Message<"cercle.v1.TomahawkAction.Pass"> & {};
/**
 * Describes the message cercle.v1.TomahawkAction.Pass.
 * Use `create(TomahawkAction_PassSchema)` to create a new message.
 */
export declare const TomahawkAction_PassSchema: GenMessage<TomahawkAction_Pass>;
/**
 * Draw the whole pending Sheriff total; the turn ends (TT-STACK-1).
 *
 * @generated from message cercle.v1.TomahawkAction.TakePendingDraw
 */
export type TomahawkAction_TakePendingDraw = Message<"cercle.v1.TomahawkAction.TakePendingDraw"> & {};
/**
 * Describes the message cercle.v1.TomahawkAction.TakePendingDraw.
 * Use `create(TomahawkAction_TakePendingDrawSchema)` to create a new message.
 */
export declare const TomahawkAction_TakePendingDrawSchema: GenMessage<TomahawkAction_TakePendingDraw>;
/**
 * Accept the pending Skip: the turn is lost (TT-SKIP-1).
 *
 * @generated from message cercle.v1.TomahawkAction.TakeSkip
 */
export type TomahawkAction_TakeSkip = Message<"cercle.v1.TomahawkAction.TakeSkip"> & {};
/**
 * Describes the message cercle.v1.TomahawkAction.TakeSkip.
 * Use `create(TomahawkAction_TakeSkipSchema)` to create a new message.
 */
export declare const TomahawkAction_TakeSkipSchema: GenMessage<TomahawkAction_TakeSkip>;
/**
 * Name the current colour when the round's first card is colourless (TT-SETUP-2).
 *
 * @generated from message cercle.v1.TomahawkAction.NameColour
 */
export type TomahawkAction_NameColour = Message<"cercle.v1.TomahawkAction.NameColour"> & {
    /**
     * @generated from field: string colour = 1;
     */
    colour: string;
};
/**
 * Describes the message cercle.v1.TomahawkAction.NameColour.
 * Use `create(TomahawkAction_NameColourSchema)` to create a new message.
 */
export declare const TomahawkAction_NameColourSchema: GenMessage<TomahawkAction_NameColour>;
/**
 * COMBO!: play one classic `symbol` in all four colours and name `colour` (TT-COMBO-1).
 *
 * @generated from message cercle.v1.TomahawkAction.Combo
 */
export type TomahawkAction_Combo = Message<"cercle.v1.TomahawkAction.Combo"> & {
    /**
     * @generated from field: string symbol = 1;
     */
    symbol: string;
    /**
     * @generated from field: string colour = 2;
     */
    colour: string;
    /**
     * @generated from field: bool tomahawk = 3;
     */
    tomahawk: boolean;
};
/**
 * Describes the message cercle.v1.TomahawkAction.Combo.
 * Use `create(TomahawkAction_ComboSchema)` to create a new message.
 */
export declare const TomahawkAction_ComboSchema: GenMessage<TomahawkAction_Combo>;
/**
 * AGILITÉ!: out of turn, play a card identical to the one just played (TT-AGIL-1).
 *
 * A card that is not identical is a bad-faith claim: refused, and the caller draws
 * `BAD_FAITH_PENALTY` cards (TT-FAIR-1).
 *
 * @generated from message cercle.v1.TomahawkAction.Agilite
 */
export type TomahawkAction_Agilite = Message<"cercle.v1.TomahawkAction.Agilite"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
    /**
     * @generated from field: optional string colour = 2;
     */
    colour?: string | undefined;
    /**
     * @generated from field: bool tomahawk = 3;
     */
    tomahawk: boolean;
};
/**
 * Describes the message cercle.v1.TomahawkAction.Agilite.
 * Use `create(TomahawkAction_AgiliteSchema)` to create a new message.
 */
export declare const TomahawkAction_AgiliteSchema: GenMessage<TomahawkAction_Agilite>;
/**
 * TOMAHAWK!: announce your last card (TT-TOMA-1).
 *
 * @generated from message cercle.v1.TomahawkAction.CallTomahawk
 */
export type TomahawkAction_CallTomahawk = Message<"cercle.v1.TomahawkAction.CallTomahawk"> & {};
/**
 * Describes the message cercle.v1.TomahawkAction.CallTomahawk.
 * Use `create(TomahawkAction_CallTomahawkSchema)` to create a new message.
 */
export declare const TomahawkAction_CallTomahawkSchema: GenMessage<TomahawkAction_CallTomahawk>;
/**
 * SHÉRIF!: catch `target`, who holds one card and did not call TOMAHAWK! (TT-TOMA-2).
 *
 * @generated from message cercle.v1.TomahawkAction.CallSherif
 */
export type TomahawkAction_CallSherif = Message<"cercle.v1.TomahawkAction.CallSherif"> & {
    /**
     * @generated from field: int32 target = 1;
     */
    target: number;
};
/**
 * Describes the message cercle.v1.TomahawkAction.CallSherif.
 * Use `create(TomahawkAction_CallSherifSchema)` to create a new message.
 */
export declare const TomahawkAction_CallSherifSchema: GenMessage<TomahawkAction_CallSherif>;
/**
 * Everything a frontend needs to draw the table for `seat` (None: a spectator).
 *
 * @generated from message cercle.v1.TomahawkView
 */
export type TomahawkView = Message<"cercle.v1.TomahawkView"> & {
    /**
     * @generated from field: optional int32 seat = 1;
     */
    seat?: number | undefined;
    /**
     * @generated from field: repeated cercle.v1.TomahawkCardFace hand = 2;
     */
    hand: TomahawkCardFace[];
    /**
     * @generated from field: repeated int32 hand_ids = 3;
     */
    handIds: number[];
    /**
     * @generated from field: repeated cercle.v1.TomahawkSeatView seats = 4;
     */
    seats: TomahawkSeatView[];
    /**
     * @generated from field: int32 round = 5;
     */
    round: number;
    /**
     * @generated from field: string phase = 6;
     */
    phase: string;
    /**
     * @generated from field: optional int32 turn = 7;
     */
    turn?: number | undefined;
    /**
     * @generated from field: int32 direction = 8;
     */
    direction: number;
    /**
     * @generated from field: optional string colour = 9;
     */
    colour?: string | undefined;
    /**
     * @generated from field: cercle.v1.TomahawkCardFace top_card = 10;
     */
    topCard?: TomahawkCardFace | undefined;
    /**
     * @generated from field: int32 pending_draw = 11;
     */
    pendingDraw: number;
    /**
     * @generated from field: optional int32 attack_from = 12;
     */
    attackFrom?: number | undefined;
    /**
     * @generated from field: cercle.v1.TomahawkCardFace drawn_card = 13;
     */
    drawnCard?: TomahawkCardFace | undefined;
    /**
     * @generated from field: cercle.v1.TomahawkCardFace agilite_card = 14;
     */
    agiliteCard?: TomahawkCardFace | undefined;
    /**
     * @generated from field: optional int32 agilite_from = 15;
     */
    agiliteFrom?: number | undefined;
    /**
     * @generated from field: int32 draw_pile = 16;
     */
    drawPile: number;
    /**
     * @generated from field: int32 discard_pile = 17;
     */
    discardPile: number;
    /**
     * @generated from field: int32 target_score = 18;
     */
    targetScore: number;
    /**
     * @generated from field: cercle.v1.TomahawkRoundResult last_round = 19;
     */
    lastRound?: TomahawkRoundResult | undefined;
    /**
     * @generated from field: bool match_over = 20;
     */
    matchOver: boolean;
    /**
     * @generated from field: repeated int32 winners = 21;
     */
    winners: number[];
};
/**
 * Describes the message cercle.v1.TomahawkView.
 * Use `create(TomahawkViewSchema)` to create a new message.
 */
export declare const TomahawkViewSchema: GenMessage<TomahawkView>;
/**
 * A card as a frontend draws it. `colour` is None for the colourless kinds.
 *
 * @generated from message cercle.v1.TomahawkCardFace
 */
export type TomahawkCardFace = Message<"cercle.v1.TomahawkCardFace"> & {
    /**
     * @generated from field: int32 id = 1;
     */
    id: number;
    /**
     * @generated from field: string kind = 2;
     */
    kind: string;
    /**
     * @generated from field: optional string colour = 3;
     */
    colour?: string | undefined;
    /**
     * @generated from field: int32 points = 4;
     */
    points: number;
};
/**
 * Describes the message cercle.v1.TomahawkCardFace.
 * Use `create(TomahawkCardFaceSchema)` to create a new message.
 */
export declare const TomahawkCardFaceSchema: GenMessage<TomahawkCardFace>;
/**
 * One seat as everybody sees it.
 *
 * @generated from message cercle.v1.TomahawkSeatView
 */
export type TomahawkSeatView = Message<"cercle.v1.TomahawkSeatView"> & {
    /**
     * @generated from field: int32 seat = 1;
     */
    seat: number;
    /**
     * @generated from field: int32 cards = 2;
     */
    cards: number;
    /**
     * @generated from field: bool called_tomahawk = 3;
     */
    calledTomahawk: boolean;
    /**
     * @generated from field: bool may_call_tomahawk = 4;
     */
    mayCallTomahawk: boolean;
    /**
     * @generated from field: bool catchable = 5;
     */
    catchable: boolean;
    /**
     * @generated from field: int32 total = 6;
     */
    total: number;
    /**
     * @generated from field: bool skips_next_turn = 7;
     */
    skipsNextTurn: boolean;
    /**
     * @generated from field: optional int32 shaman_target = 8;
     */
    shamanTarget?: number | undefined;
    /**
     * @generated from field: int32 shaman_draw = 9;
     */
    shamanDraw: number;
};
/**
 * Describes the message cercle.v1.TomahawkSeatView.
 * Use `create(TomahawkSeatViewSchema)` to create a new message.
 */
export declare const TomahawkSeatViewSchema: GenMessage<TomahawkSeatView>;
/**
 * The last finished round.
 *
 * @generated from message cercle.v1.TomahawkRoundResult
 */
export type TomahawkRoundResult = Message<"cercle.v1.TomahawkRoundResult"> & {
    /**
     * @generated from field: int32 round = 1;
     */
    round: number;
    /**
     * @generated from field: optional int32 winner = 2;
     */
    winner?: number | undefined;
    /**
     * @generated from field: repeated int32 points = 3;
     */
    points: number[];
    /**
     * @generated from field: repeated int32 totals = 4;
     */
    totals: number[];
};
/**
 * Describes the message cercle.v1.TomahawkRoundResult.
 * Use `create(TomahawkRoundResultSchema)` to create a new message.
 */
export declare const TomahawkRoundResultSchema: GenMessage<TomahawkRoundResult>;
