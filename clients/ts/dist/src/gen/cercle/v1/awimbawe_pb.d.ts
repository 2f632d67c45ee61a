import type { GenFile, GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/awimbawe.proto.
 */
export declare const file_cercle_v1_awimbawe: GenFile;
/**
 * A move in Awimbawe: exactly one is set.
 *
 * @generated from message cercle.v1.AwimbaweAction
 */
export type AwimbaweAction = Message<"cercle.v1.AwimbaweAction"> & {
    /**
     * The action.
     *
     * @generated from oneof cercle.v1.AwimbaweAction.action
     */
    action: {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.PlayCard play_card = 1;
         */
        value: AwimbaweAction_PlayCard;
        case: "playCard";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.EagleChoice eagle_choice = 2;
         */
        value: AwimbaweAction_EagleChoice;
        case: "eagleChoice";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.RhinoMove rhino_move = 3;
         */
        value: AwimbaweAction_RhinoMove;
        case: "rhinoMove";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.SkipPower skip_power = 4;
         */
        value: AwimbaweAction_SkipPower;
        case: "skipPower";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.CheetahChoice cheetah_choice = 5;
         */
        value: AwimbaweAction_CheetahChoice;
        case: "cheetahChoice";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.SnakePick snake_pick = 6;
         */
        value: AwimbaweAction_SnakePick;
        case: "snakePick";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction.ChooseLeader choose_leader = 7;
         */
        value: AwimbaweAction_ChooseLeader;
        case: "chooseLeader";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.AwimbaweAction.
 * Use `create(AwimbaweActionSchema)` to create a new message.
 */
export declare const AwimbaweActionSchema: GenMessage<AwimbaweAction>;
/**
 * AW-TRICK-1: play `card` from the hand or from the face-up top of one of your piles.
 *
 * @generated from message cercle.v1.AwimbaweAction.PlayCard
 */
export type AwimbaweAction_PlayCard = Message<"cercle.v1.AwimbaweAction.PlayCard"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.PlayCard.
 * Use `create(AwimbaweAction_PlayCardSchema)` to create a new message.
 */
export declare const AwimbaweAction_PlayCardSchema: GenMessage<AwimbaweAction_PlayCard>;
/**
 * AW-EAGLE-1: the Eagle you followed with FIGHTs (`fight`) or FLEEs.
 *
 * @generated from message cercle.v1.AwimbaweAction.EagleChoice
 */
export type AwimbaweAction_EagleChoice = Message<"cercle.v1.AwimbaweAction.EagleChoice"> & {
    /**
     * @generated from field: bool fight = 1;
     */
    fight: boolean;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.EagleChoice.
 * Use `create(AwimbaweAction_EagleChoiceSchema)` to create a new message.
 */
export declare const AwimbaweAction_EagleChoiceSchema: GenMessage<AwimbaweAction_EagleChoice>;
/**
 * AW-RHINO-1: move the top card of the opponent's pile `from_pile` (0–3) to the bottom
 * of their non-empty pile `to_pile`.
 *
 * @generated from message cercle.v1.AwimbaweAction.RhinoMove
 */
export type AwimbaweAction_RhinoMove = Message<"cercle.v1.AwimbaweAction.RhinoMove"> & {
    /**
     * @generated from field: int32 from_pile = 1;
     */
    fromPile: number;
    /**
     * @generated from field: int32 to_pile = 2;
     */
    toPile: number;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.RhinoMove.
 * Use `create(AwimbaweAction_RhinoMoveSchema)` to create a new message.
 */
export declare const AwimbaweAction_RhinoMoveSchema: GenMessage<AwimbaweAction_RhinoMove>;
/**
 * Do not use the optional power (Rhino, Snake or Cheetah) of the card just played.
 *
 * @generated from message cercle.v1.AwimbaweAction.SkipPower
 */
export type AwimbaweAction_SkipPower = Message<"cercle.v1.AwimbaweAction.SkipPower"> & {};
/**
 * Describes the message cercle.v1.AwimbaweAction.SkipPower.
 * Use `create(AwimbaweAction_SkipPowerSchema)` to create a new message.
 */
export declare const AwimbaweAction_SkipPowerSchema: GenMessage<AwimbaweAction_SkipPower>;
/**
 * AW-CHEETAH-1: seat `leader` leads the next trick.
 *
 * @generated from message cercle.v1.AwimbaweAction.CheetahChoice
 */
export type AwimbaweAction_CheetahChoice = Message<"cercle.v1.AwimbaweAction.CheetahChoice"> & {
    /**
     * @generated from field: int32 leader = 1;
     */
    leader: number;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.CheetahChoice.
 * Use `create(AwimbaweAction_CheetahChoiceSchema)` to create a new message.
 */
export declare const AwimbaweAction_CheetahChoiceSchema: GenMessage<AwimbaweAction_CheetahChoice>;
/**
 * AW-SNAKE-1: paralyse one available opponent card. Give exactly one of
 * `target_card` (a face-up pile top of the opponent) or `hand_position` (a position,
 * `0 ≤ p < snake_hand_positions` of the view, in the opponent's hand as shuffled for you:
 * a blind pick).
 *
 * @generated from message cercle.v1.AwimbaweAction.SnakePick
 */
export type AwimbaweAction_SnakePick = Message<"cercle.v1.AwimbaweAction.SnakePick"> & {
    /**
     * @generated from field: optional int32 target_card = 1;
     */
    targetCard?: number | undefined;
    /**
     * @generated from field: optional int32 hand_position = 2;
     */
    handPosition?: number | undefined;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.SnakePick.
 * Use `create(AwimbaweAction_SnakePickSchema)` to create a new message.
 */
export declare const AwimbaweAction_SnakePickSchema: GenMessage<AwimbaweAction_SnakePick>;
/**
 * AW-SETUP-3: the loser of a round chooses who leads the next one.
 *
 * @generated from message cercle.v1.AwimbaweAction.ChooseLeader
 */
export type AwimbaweAction_ChooseLeader = Message<"cercle.v1.AwimbaweAction.ChooseLeader"> & {
    /**
     * @generated from field: int32 leader = 1;
     */
    leader: number;
};
/**
 * Describes the message cercle.v1.AwimbaweAction.ChooseLeader.
 * Use `create(AwimbaweAction_ChooseLeaderSchema)` to create a new message.
 */
export declare const AwimbaweAction_ChooseLeaderSchema: GenMessage<AwimbaweAction_ChooseLeader>;
/**
 * What one seat (`seat=None`: a spectator) may see. Never a face-down card, the
 * opponent's hand or the RNG.
 *
 * @generated from message cercle.v1.AwimbaweView
 */
export type AwimbaweView = Message<"cercle.v1.AwimbaweView"> & {
    /**
     * @generated from field: optional int32 seat = 1;
     */
    seat?: number | undefined;
    /**
     * @generated from field: int32 round = 2;
     */
    round: number;
    /**
     * @generated from field: repeated cercle.v1.AwimbaweCardView hand = 3;
     */
    hand: AwimbaweCardView[];
    /**
     * @generated from field: repeated cercle.v1.AwimbaweSideView players = 4;
     */
    players: AwimbaweSideView[];
    /**
     * @generated from field: repeated cercle.v1.AwimbawePlayedCard table = 5;
     */
    table: AwimbawePlayedCard[];
    /**
     * @generated from field: int32 leader = 6;
     */
    leader: number;
    /**
     * @generated from field: string decision = 7;
     */
    decision: string;
    /**
     * @generated from field: optional int32 decision_seat = 8;
     */
    decisionSeat?: number | undefined;
    /**
     * @generated from field: optional int32 next_leader = 9;
     */
    nextLeader?: number | undefined;
    /**
     * @generated from field: int32 snake_hand_positions = 10;
     */
    snakeHandPositions: number;
    /**
     * @generated from field: cercle.v1.AwimbaweLastTrickView last_trick = 11;
     */
    lastTrick?: AwimbaweLastTrickView | undefined;
    /**
     * @generated from field: repeated cercle.v1.AwimbaweRoundResultView round_results = 12;
     */
    roundResults: AwimbaweRoundResultView[];
    /**
     * @generated from field: optional int32 match_winner = 13;
     */
    matchWinner?: number | undefined;
};
/**
 * Describes the message cercle.v1.AwimbaweView.
 * Use `create(AwimbaweViewSchema)` to create a new message.
 */
export declare const AwimbaweViewSchema: GenMessage<AwimbaweView>;
/**
 * One card's face: `card` id (0–27), animal, colour (`sky` for Eagles), value and
 * crowns (negative: barred crowns).
 *
 * @generated from message cercle.v1.AwimbaweCardView
 */
export type AwimbaweCardView = Message<"cercle.v1.AwimbaweCardView"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
    /**
     * @generated from field: string animal = 2;
     */
    animal: string;
    /**
     * @generated from field: string colour = 3;
     */
    colour: string;
    /**
     * @generated from field: int32 value = 4;
     */
    value: number;
    /**
     * @generated from field: int32 crowns = 5;
     */
    crowns: number;
};
/**
 * Describes the message cercle.v1.AwimbaweCardView.
 * Use `create(AwimbaweCardViewSchema)` to create a new message.
 */
export declare const AwimbaweCardViewSchema: GenMessage<AwimbaweCardView>;
/**
 * What anyone may see of one seat.
 *
 * @generated from message cercle.v1.AwimbaweSideView
 */
export type AwimbaweSideView = Message<"cercle.v1.AwimbaweSideView"> & {
    /**
     * @generated from field: int32 seat = 1;
     */
    seat: number;
    /**
     * @generated from field: string heir = 2;
     */
    heir: string;
    /**
     * @generated from field: int32 rounds_won = 3;
     */
    roundsWon: number;
    /**
     * @generated from field: int32 hand_count = 4;
     */
    handCount: number;
    /**
     * @generated from field: repeated cercle.v1.AwimbawePileView piles = 5;
     */
    piles: AwimbawePileView[];
    /**
     * @generated from field: int32 trick_pile_count = 6;
     */
    trickPileCount: number;
    /**
     * @generated from field: int32 hyenas = 7;
     */
    hyenas: number;
    /**
     * @generated from field: repeated cercle.v1.AwimbaweCardView paralysed = 8;
     */
    paralysed: AwimbaweCardView[];
    /**
     * @generated from field: int32 paralysed_unknown = 9;
     */
    paralysedUnknown: number;
};
/**
 * Describes the message cercle.v1.AwimbaweSideView.
 * Use `create(AwimbaweSideViewSchema)` to create a new message.
 */
export declare const AwimbaweSideViewSchema: GenMessage<AwimbaweSideView>;
/**
 * @generated from message cercle.v1.AwimbawePlayedCard
 */
export type AwimbawePlayedCard = Message<"cercle.v1.AwimbawePlayedCard"> & {
    /**
     * @generated from field: int32 seat = 1;
     */
    seat: number;
    /**
     * @generated from field: cercle.v1.AwimbaweCardView card = 2;
     */
    card?: AwimbaweCardView | undefined;
};
/**
 * Describes the message cercle.v1.AwimbawePlayedCard.
 * Use `create(AwimbawePlayedCardSchema)` to create a new message.
 */
export declare const AwimbawePlayedCardSchema: GenMessage<AwimbawePlayedCard>;
/**
 * AW-TAKE-1: the only trick that may be looked at once taken.
 *
 * @generated from message cercle.v1.AwimbaweLastTrickView
 */
export type AwimbaweLastTrickView = Message<"cercle.v1.AwimbaweLastTrickView"> & {
    /**
     * @generated from field: int32 leader = 1;
     */
    leader: number;
    /**
     * @generated from field: cercle.v1.AwimbaweCardView led = 2;
     */
    led?: AwimbaweCardView | undefined;
    /**
     * @generated from field: cercle.v1.AwimbaweCardView followed = 3;
     */
    followed?: AwimbaweCardView | undefined;
    /**
     * @generated from field: int32 winner = 4;
     */
    winner: number;
    /**
     * @generated from field: int32 led_to = 5;
     */
    ledTo: number;
    /**
     * @generated from field: int32 followed_to = 6;
     */
    followedTo: number;
};
/**
 * Describes the message cercle.v1.AwimbaweLastTrickView.
 * Use `create(AwimbaweLastTrickViewSchema)` to create a new message.
 */
export declare const AwimbaweLastTrickViewSchema: GenMessage<AwimbaweLastTrickView>;
/**
 * @generated from message cercle.v1.AwimbaweRoundResultView
 */
export type AwimbaweRoundResultView = Message<"cercle.v1.AwimbaweRoundResultView"> & {
    /**
     * @generated from field: int32 round = 1;
     */
    round: number;
    /**
     * @generated from field: int32 winner = 2;
     */
    winner: number;
    /**
     * @generated from field: string reason = 3;
     */
    reason: string;
    /**
     * @generated from field: repeated int32 crowns = 4;
     */
    crowns: number[];
    /**
     * @generated from field: repeated int32 hyenas = 5;
     */
    hyenas: number[];
};
/**
 * Describes the message cercle.v1.AwimbaweRoundResultView.
 * Use `create(AwimbaweRoundResultViewSchema)` to create a new message.
 */
export declare const AwimbaweRoundResultViewSchema: GenMessage<AwimbaweRoundResultView>;
/**
 * One pile, bottom first; `None` is a face-down card (nobody knows it, not even its
 * owner). `top` is the playable face-up top card, or `None` (face down or empty).
 *
 * @generated from message cercle.v1.AwimbawePileView
 */
export type AwimbawePileView = Message<"cercle.v1.AwimbawePileView"> & {
    /**
     * An entry with no field set stands for none.
     *
     * @generated from field: repeated cercle.v1.AwimbaweCardView cards = 1;
     */
    cards: AwimbaweCardView[];
    /**
     * @generated from field: cercle.v1.AwimbaweCardView top = 2;
     */
    top?: AwimbaweCardView | undefined;
    /**
     * @generated from field: int32 size = 3;
     */
    size: number;
};
/**
 * Describes the message cercle.v1.AwimbawePileView.
 * Use `create(AwimbawePileViewSchema)` to create a new message.
 */
export declare const AwimbawePileViewSchema: GenMessage<AwimbawePileView>;
