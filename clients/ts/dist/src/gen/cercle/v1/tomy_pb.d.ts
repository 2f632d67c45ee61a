import type { GenFile, GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { IntList } from "./common_pb.js";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/tomy.proto.
 */
export declare const file_cercle_v1_tomy: GenFile;
/**
 * A move in Tomy: exactly one is set.
 *
 * @generated from message cercle.v1.TomyAction
 */
export type TomyAction = Message<"cercle.v1.TomyAction"> & {
    /**
     * The action.
     *
     * @generated from oneof cercle.v1.TomyAction.action
     */
    action: {
        /**
         * @generated from field: cercle.v1.TomyAction.Propose propose = 1;
         */
        value: TomyAction_Propose;
        case: "propose";
    } | {
        /**
         * @generated from field: cercle.v1.TomyAction.Pass pass = 2;
         */
        value: TomyAction_Pass;
        case: "pass";
    } | {
        /**
         * @generated from field: cercle.v1.TomyAction.Vote vote = 3;
         */
        value: TomyAction_Vote;
        case: "vote";
    } | {
        /**
         * @generated from field: cercle.v1.TomyAction.BreakTie break_tie = 4;
         */
        value: TomyAction_BreakTie;
        case: "breakTie";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.TomyAction.
 * Use `create(TomyActionSchema)` to create a new message.
 */
export declare const TomyActionSchema: GenMessage<TomyAction>;
/**
 * MT-STORY-1: "je pense que Tomy est là !" — the place under `column`, with a story.
 *
 * `story` is free text, 1–500 characters once trimmed. `TomyGame.legal_actions`
 * lists one representative per available column, with a template story.
 *
 * @generated from message cercle.v1.TomyAction.Propose
 */
export type TomyAction_Propose = Message<"cercle.v1.TomyAction.Propose"> & {
    /**
     * @generated from field: int32 column = 1;
     */
    column: number;
    /**
     * @generated from field: string story = 2;
     */
    story: string;
};
/**
 * Describes the message cercle.v1.TomyAction.Propose.
 * Use `create(TomyAction_ProposeSchema)` to create a new message.
 */
export declare const TomyAction_ProposeSchema: GenMessage<TomyAction_Propose>;
/**
 * MT-STORY-1: say nothing this turn (not allowed to the leash holder, MT-STORY-2).
 *
 * @generated from message cercle.v1.TomyAction.Pass
 */
export type TomyAction_Pass = Message<"cercle.v1.TomyAction.Pass"> & {};
/**
 * Describes the message cercle.v1.TomyAction.Pass.
 * Use `create(TomyAction_PassSchema)` to create a new message.
 */
export declare const TomyAction_PassSchema: GenMessage<TomyAction_Pass>;
/**
 * MT-VOTE-1: play dog card `card` (from my hand) face down for its breed.
 *
 * @generated from message cercle.v1.TomyAction.Vote
 */
export type TomyAction_Vote = Message<"cercle.v1.TomyAction.Vote"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
};
/**
 * Describes the message cercle.v1.TomyAction.Vote.
 * Use `create(TomyAction_VoteSchema)` to create a new message.
 */
export declare const TomyAction_VoteSchema: GenMessage<TomyAction_Vote>;
/**
 * MT-REVEAL-1: the leash holder picks the winning breed among the tied `column` s.
 *
 * @generated from message cercle.v1.TomyAction.BreakTie
 */
export type TomyAction_BreakTie = Message<"cercle.v1.TomyAction.BreakTie"> & {
    /**
     * @generated from field: int32 column = 1;
     */
    column: number;
};
/**
 * Describes the message cercle.v1.TomyAction.BreakTie.
 * Use `create(TomyAction_BreakTieSchema)` to create a new message.
 */
export declare const TomyAction_BreakTieSchema: GenMessage<TomyAction_BreakTie>;
/**
 * What one seat (or a spectator, `seat` None) sees. Never another hand, an unrevealed
 * vote, the order of a deck or the RNG.
 *
 * @generated from message cercle.v1.TomyView
 */
export type TomyView = Message<"cercle.v1.TomyView"> & {
    /**
     * @generated from field: optional int32 seat = 1;
     */
    seat?: number | undefined;
    /**
     * @generated from field: string phase = 2;
     */
    phase: string;
    /**
     * @generated from field: int32 game = 3;
     */
    game: number;
    /**
     * @generated from field: int32 turn = 4;
     */
    turn: number;
    /**
     * @generated from field: int32 leash_holder = 5;
     */
    leashHolder: number;
    /**
     * @generated from field: optional int32 storyteller = 6;
     */
    storyteller?: number | undefined;
    /**
     * @generated from field: repeated cercle.v1.TomyColumnView columns = 7;
     */
    columns: TomyColumnView[];
    /**
     * @generated from field: repeated cercle.v1.TomyProposalView proposals = 8;
     */
    proposals: TomyProposalView[];
    /**
     * @generated from field: repeated bool passed = 9;
     */
    passed: boolean[];
    /**
     * @generated from field: repeated bool sitting_out = 10;
     */
    sittingOut: boolean[];
    /**
     * @generated from field: repeated bool voted = 11;
     */
    voted: boolean[];
    /**
     * @generated from field: repeated int32 votes = 12;
     */
    votes: number[];
    /**
     * @generated from field: optional int32 my_vote = 13;
     */
    myVote?: number | undefined;
    /**
     * @generated from field: repeated cercle.v1.TomyDogCardView hand = 14;
     */
    hand: TomyDogCardView[];
    /**
     * @generated from field: repeated int32 hand_counts = 15;
     */
    handCounts: number[];
    /**
     * @generated from field: int32 dog_deck_count = 16;
     */
    dogDeckCount: number;
    /**
     * @generated from field: int32 dog_discard_count = 17;
     */
    dogDiscardCount: number;
    /**
     * @generated from field: int32 location_deck_count = 18;
     */
    locationDeckCount: number;
    /**
     * @generated from field: int32 location_discard_count = 19;
     */
    locationDiscardCount: number;
    /**
     * @generated from field: repeated int32 tie_columns = 20;
     */
    tieColumns: number[];
    /**
     * @generated from field: cercle.v1.TomyLastTurnView last_turn = 21;
     */
    lastTurn?: TomyLastTurnView | undefined;
    /**
     * @generated from field: bool rounds = 22;
     */
    rounds: boolean;
    /**
     * @generated from field: int32 target_score = 23;
     */
    targetScore: number;
    /**
     * @generated from field: repeated cercle.v1.IntList round_scores = 24;
     */
    roundScores: IntList[];
    /**
     * @generated from field: repeated int32 totals = 25;
     */
    totals: number[];
    /**
     * @generated from field: string language = 26;
     */
    language: string;
};
/**
 * Describes the message cercle.v1.TomyView.
 * Use `create(TomyViewSchema)` to create a new message.
 */
export declare const TomyViewSchema: GenMessage<TomyView>;
/**
 * One breed card of the row and the place face up under it (`location` None: none).
 *
 * @generated from message cercle.v1.TomyColumnView
 */
export type TomyColumnView = Message<"cercle.v1.TomyColumnView"> & {
    /**
     * @generated from field: int32 column = 1;
     */
    column: number;
    /**
     * @generated from field: string breed = 2;
     */
    breed: string;
    /**
     * @generated from field: string colour = 3;
     */
    colour: string;
    /**
     * @generated from field: optional int32 location = 4;
     */
    location?: number | undefined;
    /**
     * @generated from field: optional string place_fr = 5;
     */
    placeFr?: string | undefined;
    /**
     * @generated from field: optional string place_en = 6;
     */
    placeEn?: string | undefined;
};
/**
 * Describes the message cercle.v1.TomyColumnView.
 * Use `create(TomyColumnViewSchema)` to create a new message.
 */
export declare const TomyColumnViewSchema: GenMessage<TomyColumnView>;
/**
 * A story told this turn (or last turn): `seat` put Tomy at `location`.
 *
 * @generated from message cercle.v1.TomyProposalView
 */
export type TomyProposalView = Message<"cercle.v1.TomyProposalView"> & {
    /**
     * @generated from field: int32 column = 1;
     */
    column: number;
    /**
     * @generated from field: int32 seat = 2;
     */
    seat: number;
    /**
     * @generated from field: int32 location = 3;
     */
    location: number;
    /**
     * @generated from field: string story = 4;
     */
    story: string;
};
/**
 * Describes the message cercle.v1.TomyProposalView.
 * Use `create(TomyProposalViewSchema)` to create a new message.
 */
export declare const TomyProposalViewSchema: GenMessage<TomyProposalView>;
/**
 * A dog card of my hand.
 *
 * @generated from message cercle.v1.TomyDogCardView
 */
export type TomyDogCardView = Message<"cercle.v1.TomyDogCardView"> & {
    /**
     * @generated from field: int32 card = 1;
     */
    card: number;
    /**
     * @generated from field: int32 column = 2;
     */
    column: number;
    /**
     * @generated from field: string breed = 3;
     */
    breed: string;
};
/**
 * Describes the message cercle.v1.TomyDogCardView.
 * Use `create(TomyDogCardViewSchema)` to create a new message.
 */
export declare const TomyDogCardViewSchema: GenMessage<TomyDogCardView>;
/**
 * The previous turn, as revealed: its stories, every vote and the winning column.
 *
 * @generated from message cercle.v1.TomyLastTurnView
 */
export type TomyLastTurnView = Message<"cercle.v1.TomyLastTurnView"> & {
    /**
     * @generated from field: repeated cercle.v1.TomyProposalView proposals = 1;
     */
    proposals: TomyProposalView[];
    /**
     * -1 stands for none.
     *
     * @generated from field: repeated int32 votes = 2;
     */
    votes: number[];
    /**
     * @generated from field: optional int32 winning_column = 3;
     */
    winningColumn?: number | undefined;
};
/**
 * Describes the message cercle.v1.TomyLastTurnView.
 * Use `create(TomyLastTurnViewSchema)` to create a new message.
 */
export declare const TomyLastTurnViewSchema: GenMessage<TomyLastTurnView>;
