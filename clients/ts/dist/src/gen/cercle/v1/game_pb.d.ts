import type { GenFile, GenMessage, GenService } from "@bufbuild/protobuf/codegenv2";
import type { AwimbaweAction, AwimbaweView } from "./awimbawe_pb.js";
import type { Deadline, Event, OptionValue, Outcome, Room, Seat } from "./common_pb.js";
import type { TamashiiAction, TamashiiView } from "./tamashii_pb.js";
import type { TomahawkAction, TomahawkView } from "./tomahawk_pb.js";
import type { TomyAction, TomyView } from "./tomy_pb.js";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/game.proto.
 */
export declare const file_cercle_v1_game: GenFile;
/**
 * A move in one game. Exactly one game's action is set; it must be the room's game.
 *
 * @generated from message cercle.v1.Action
 */
export type Action = Message<"cercle.v1.Action"> & {
    /**
     * The game-specific action.
     *
     * @generated from oneof cercle.v1.Action.game
     */
    game: {
        /**
         * @generated from field: cercle.v1.TomahawkAction tomahawk = 1;
         */
        value: TomahawkAction;
        case: "tomahawk";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiAction tamashii = 2;
         */
        value: TamashiiAction;
        case: "tamashii";
    } | {
        /**
         * @generated from field: cercle.v1.TomyAction tomy = 3;
         */
        value: TomyAction;
        case: "tomy";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweAction awimbawe = 4;
         */
        value: AwimbaweAction;
        case: "awimbawe";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.Action.
 * Use `create(ActionSchema)` to create a new message.
 */
export declare const ActionSchema: GenMessage<Action>;
/**
 * What one seat (or a spectator) may see of a match, typed per game.
 *
 * @generated from message cercle.v1.View
 */
export type View = Message<"cercle.v1.View"> & {
    /**
     * The game-specific view.
     *
     * @generated from oneof cercle.v1.View.game
     */
    game: {
        /**
         * @generated from field: cercle.v1.TomahawkView tomahawk = 1;
         */
        value: TomahawkView;
        case: "tomahawk";
    } | {
        /**
         * @generated from field: cercle.v1.TamashiiView tamashii = 2;
         */
        value: TamashiiView;
        case: "tamashii";
    } | {
        /**
         * @generated from field: cercle.v1.TomyView tomy = 3;
         */
        value: TomyView;
        case: "tomy";
    } | {
        /**
         * @generated from field: cercle.v1.AwimbaweView awimbawe = 4;
         */
        value: AwimbaweView;
        case: "awimbawe";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.View.
 * Use `create(ViewSchema)` to create a new message.
 */
export declare const ViewSchema: GenMessage<View>;
/**
 * Request for GameService.GetView.
 *
 * @generated from message cercle.v1.GetViewRequest
 */
export type GetViewRequest = Message<"cercle.v1.GetViewRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.GetViewRequest.
 * Use `create(GetViewRequestSchema)` to create a new message.
 */
export declare const GetViewRequestSchema: GenMessage<GetViewRequest>;
/**
 * Response of GameService.GetView.
 *
 * @generated from message cercle.v1.GetViewResponse
 */
export type GetViewResponse = Message<"cercle.v1.GetViewResponse"> & {
    /**
     * The room (seats, status, version, seq).
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
    /**
     * The caller's view of the match (unset before the match starts).
     *
     * @generated from field: cercle.v1.View view = 2;
     */
    view?: View | undefined;
    /**
     * The clocks running now.
     *
     * @generated from field: repeated cercle.v1.Deadline deadlines = 3;
     */
    deadlines: Deadline[];
    /**
     * Set once the match is over.
     *
     * @generated from field: cercle.v1.Outcome outcome = 4;
     */
    outcome?: Outcome | undefined;
    /**
     * The seats whose decision the table waits for.
     *
     * @generated from field: repeated int32 waiting_for = 5;
     */
    waitingFor: number[];
};
/**
 * Describes the message cercle.v1.GetViewResponse.
 * Use `create(GetViewResponseSchema)` to create a new message.
 */
export declare const GetViewResponseSchema: GenMessage<GetViewResponse>;
/**
 * Request for GameService.Act.
 *
 * @generated from message cercle.v1.ActRequest
 */
export type ActRequest = Message<"cercle.v1.ActRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * The match version the caller based the action on (Room.version / update version).
     *
     * @generated from field: int64 version = 2;
     */
    version: bigint;
    /**
     * A key unique to this action (e.g. a UUID): a retry with the same key is applied once and
     * answers the same as the first time.
     *
     * @generated from field: string idempotency_key = 3;
     */
    idempotencyKey: string;
    /**
     * The action.
     *
     * @generated from field: cercle.v1.Action action = 4;
     */
    action?: Action | undefined;
};
/**
 * Describes the message cercle.v1.ActRequest.
 * Use `create(ActRequestSchema)` to create a new message.
 */
export declare const ActRequestSchema: GenMessage<ActRequest>;
/**
 * Response of GameService.Act.
 *
 * @generated from message cercle.v1.ActResponse
 */
export type ActResponse = Message<"cercle.v1.ActResponse"> & {
    /**
     * The match version after the action.
     *
     * @generated from field: int64 version = 1;
     */
    version: bigint;
    /**
     * The update's sequence number in the room's stream.
     *
     * @generated from field: int64 seq = 2;
     */
    seq: bigint;
    /**
     * The events the action caused, as the caller may see them.
     *
     * @generated from field: repeated cercle.v1.Event events = 3;
     */
    events: Event[];
    /**
     * True when this answers a retry of an action already applied (same idempotency key).
     *
     * @generated from field: bool replayed = 4;
     */
    replayed: boolean;
};
/**
 * Describes the message cercle.v1.ActResponse.
 * Use `create(ActResponseSchema)` to create a new message.
 */
export declare const ActResponseSchema: GenMessage<ActResponse>;
/**
 * Request for GameService.ListLegalActions.
 *
 * @generated from message cercle.v1.ListLegalActionsRequest
 */
export type ListLegalActionsRequest = Message<"cercle.v1.ListLegalActionsRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.ListLegalActionsRequest.
 * Use `create(ListLegalActionsRequestSchema)` to create a new message.
 */
export declare const ListLegalActionsRequestSchema: GenMessage<ListLegalActionsRequest>;
/**
 * Response of GameService.ListLegalActions.
 *
 * @generated from message cercle.v1.ListLegalActionsResponse
 */
export type ListLegalActionsResponse = Message<"cercle.v1.ListLegalActionsResponse"> & {
    /**
     * The match version these actions are valid for.
     *
     * @generated from field: int64 version = 1;
     */
    version: bigint;
    /**
     * Every action the caller may play now. Where an action carries free text (a story), one
     * example per choice is listed; the client may change the text.
     *
     * @generated from field: repeated cercle.v1.Action actions = 2;
     */
    actions: Action[];
};
/**
 * Describes the message cercle.v1.ListLegalActionsResponse.
 * Use `create(ListLegalActionsResponseSchema)` to create a new message.
 */
export declare const ListLegalActionsResponseSchema: GenMessage<ListLegalActionsResponse>;
/**
 * Request for GameService.Subscribe.
 *
 * @generated from message cercle.v1.SubscribeRequest
 */
export type SubscribeRequest = Message<"cercle.v1.SubscribeRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * Send updates with a greater sequence number only (0: from the beginning).
     *
     * @generated from field: int64 after_seq = 2;
     */
    afterSeq: bigint;
};
/**
 * Describes the message cercle.v1.SubscribeRequest.
 * Use `create(SubscribeRequestSchema)` to create a new message.
 */
export declare const SubscribeRequestSchema: GenMessage<SubscribeRequest>;
/**
 * One update of a room, as the receiving player may see it.
 *
 * @generated from message cercle.v1.SubscribeResponse
 */
export type SubscribeResponse = Message<"cercle.v1.SubscribeResponse"> & {
    /**
     * The update's sequence number (strictly increasing, no gaps for one subscriber).
     *
     * @generated from field: int64 seq = 1;
     */
    seq: bigint;
    /**
     * The match version after this update.
     *
     * @generated from field: int64 version = 2;
     */
    version: bigint;
    /**
     * `lobby` (seats changed), `started`, `action` (a player's move), `bot` (a bot's move),
     * `timeout` (the server played for a seat whose clock ran out), `clock` (deadlines
     * changed), `finished` (the update that ends the match).
     *
     * @generated from field: string kind = 3;
     */
    kind: string;
    /**
     * The seat that acted (-1 for none).
     *
     * @generated from field: int32 actor = 4;
     */
    actor: number;
    /**
     * The events of this update that the receiver may see.
     *
     * @generated from field: repeated cercle.v1.Event events = 5;
     */
    events: Event[];
    /**
     * The receiver's view after this update (unset before the match starts).
     *
     * @generated from field: cercle.v1.View view = 6;
     */
    view?: View | undefined;
    /**
     * The room after this update.
     *
     * @generated from field: cercle.v1.Room room = 7;
     */
    room?: Room | undefined;
    /**
     * The clocks running after this update.
     *
     * @generated from field: repeated cercle.v1.Deadline deadlines = 8;
     */
    deadlines: Deadline[];
    /**
     * Set on the update that ends the match.
     *
     * @generated from field: cercle.v1.Outcome outcome = 9;
     */
    outcome?: Outcome | undefined;
    /**
     * The seats whose decision the table waits for.
     *
     * @generated from field: repeated int32 waiting_for = 10;
     */
    waitingFor: number[];
};
/**
 * Describes the message cercle.v1.SubscribeResponse.
 * Use `create(SubscribeResponseSchema)` to create a new message.
 */
export declare const SubscribeResponseSchema: GenMessage<SubscribeResponse>;
/**
 * Request for GameService.GetReplay.
 *
 * @generated from message cercle.v1.GetReplayRequest
 */
export type GetReplayRequest = Message<"cercle.v1.GetReplayRequest"> & {
    /**
     * The room of a finished match.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.GetReplayRequest.
 * Use `create(GetReplayRequestSchema)` to create a new message.
 */
export declare const GetReplayRequestSchema: GenMessage<GetReplayRequest>;
/**
 * One accepted action of a match.
 *
 * @generated from message cercle.v1.ReplayStep
 */
export type ReplayStep = Message<"cercle.v1.ReplayStep"> & {
    /**
     * The update's sequence number.
     *
     * @generated from field: int64 seq = 1;
     */
    seq: bigint;
    /**
     * The match version after it.
     *
     * @generated from field: int64 version = 2;
     */
    version: bigint;
    /**
     * The acting seat.
     *
     * @generated from field: int32 seat = 3;
     */
    seat: number;
    /**
     * The action (unset for a timeout).
     *
     * @generated from field: cercle.v1.Action action = 4;
     */
    action?: Action | undefined;
    /**
     * True when the server applied the seat's timeout action.
     *
     * @generated from field: bool timeout = 5;
     */
    timeout: boolean;
    /**
     * Every event, whatever its audience (the match is over).
     *
     * @generated from field: repeated cercle.v1.Event events = 6;
     */
    events: Event[];
};
/**
 * Describes the message cercle.v1.ReplayStep.
 * Use `create(ReplayStepSchema)` to create a new message.
 */
export declare const ReplayStepSchema: GenMessage<ReplayStep>;
/**
 * Response of GameService.GetReplay.
 *
 * @generated from message cercle.v1.GetReplayResponse
 */
export type GetReplayResponse = Message<"cercle.v1.GetReplayResponse"> & {
    /**
     * The game.
     *
     * @generated from field: string game_id = 1;
     */
    gameId: string;
    /**
     * The options the match was played with.
     *
     * @generated from field: map<string, cercle.v1.OptionValue> options = 2;
     */
    options: {
        [key: string]: OptionValue;
    };
    /**
     * The table size.
     *
     * @generated from field: int32 players = 3;
     */
    players: number;
    /**
     * The match seed: `new_match(options, players, seed)` then the steps reproduce the match.
     *
     * @generated from field: uint64 seed = 4;
     */
    seed: bigint;
    /**
     * The random nonce published with the seed.
     *
     * @generated from field: string seed_nonce = 5;
     */
    seedNonce: string;
    /**
     * The commitment published when the match started:
     * hex(sha256("<seed>:<seed_nonce>")). Check it to verify no shuffle was changed.
     *
     * @generated from field: string seed_commitment = 6;
     */
    seedCommitment: string;
    /**
     * Every accepted action in order.
     *
     * @generated from field: repeated cercle.v1.ReplayStep steps = 7;
     */
    steps: ReplayStep[];
    /**
     * How the match ended.
     *
     * @generated from field: cercle.v1.Outcome outcome = 8;
     */
    outcome?: Outcome | undefined;
    /**
     * The seats as they were.
     *
     * @generated from field: repeated cercle.v1.Seat seats = 9;
     */
    seats: Seat[];
};
/**
 * Describes the message cercle.v1.GetReplayResponse.
 * Use `create(GetReplayResponseSchema)` to create a new message.
 */
export declare const GetReplayResponseSchema: GenMessage<GetReplayResponse>;
/**
 * Playing a match: views, actions, the live stream of updates, and replays.
 *
 * Every RPC needs the session token (`authorization: Bearer <token>` metadata). A seated
 * player sees their own hand; a spectator sees the table and no hand. Secrets (hands,
 * face-down cards, sealed votes, private peeks, the match seed) never reach anyone else.
 *
 * @generated from service cercle.v1.GameService
 */
export declare const GameService: GenService<{
    /**
     * The caller's current view of the match.
     *
     * @generated from rpc cercle.v1.GameService.GetView
     */
    getView: {
        methodKind: "unary";
        input: typeof GetViewRequestSchema;
        output: typeof GetViewResponseSchema;
    };
    /**
     * Plays one action for the caller's seat.
     *
     * Errors: FAILED_PRECONDITION (`NOT_YOUR_TURN`, `CARD_DOES_NOT_MATCH`, `TOO_LATE`...,
     * in ErrorInfo.reason) for a move the rules refuse; ABORTED with PreconditionFailure
     * (`STALE_VERSION`) when `version` is not the current one; INVALID_ARGUMENT for a malformed
     * action or one for another game. A refused action changes nothing.
     *
     * @generated from rpc cercle.v1.GameService.Act
     */
    act: {
        methodKind: "unary";
        input: typeof ActRequestSchema;
        output: typeof ActResponseSchema;
    };
    /**
     * The actions the caller may play now (out-of-turn calls included).
     *
     * @generated from rpc cercle.v1.GameService.ListLegalActions
     */
    listLegalActions: {
        methodKind: "unary";
        input: typeof ListLegalActionsRequestSchema;
        output: typeof ListLegalActionsResponseSchema;
    };
    /**
     * Streams numbered updates of a room after `after_seq`: first every stored update the
     * caller missed (filtered for them), then live ones. Reconnect with the last `seq`
     * received, to any server, to miss nothing and get nothing twice.
     *
     * @generated from rpc cercle.v1.GameService.Subscribe
     */
    subscribe: {
        methodKind: "server_streaming";
        input: typeof SubscribeRequestSchema;
        output: typeof SubscribeResponseSchema;
    };
    /**
     * The full record of a finished match: seed, every action and every event.
     *
     * @generated from rpc cercle.v1.GameService.GetReplay
     */
    getReplay: {
        methodKind: "unary";
        input: typeof GetReplayRequestSchema;
        output: typeof GetReplayResponseSchema;
    };
}>;
