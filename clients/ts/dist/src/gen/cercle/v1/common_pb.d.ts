import type { GenEnum, GenFile, GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";
import type { JsonObject, Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/common.proto.
 */
export declare const file_cercle_v1_common: GenFile;
/**
 * A typed room option value. Options are validated by the server against the game's
 * catalogue entry (see LobbyService.ListGames); a value of the wrong type or out of range is
 * refused with INVALID_ARGUMENT and a BadRequest field violation naming the option.
 *
 * @generated from message cercle.v1.OptionValue
 */
export type OptionValue = Message<"cercle.v1.OptionValue"> & {
    /**
     * Exactly one of these is set.
     *
     * @generated from oneof cercle.v1.OptionValue.value
     */
    value: {
        /**
         * @generated from field: int64 int_value = 1;
         */
        value: bigint;
        case: "intValue";
    } | {
        /**
         * @generated from field: bool bool_value = 2;
         */
        value: boolean;
        case: "boolValue";
    } | {
        /**
         * @generated from field: string string_value = 3;
         */
        value: string;
        case: "stringValue";
    } | {
        case: undefined;
        value?: undefined;
    };
};
/**
 * Describes the message cercle.v1.OptionValue.
 * Use `create(OptionValueSchema)` to create a new message.
 */
export declare const OptionValueSchema: GenMessage<OptionValue>;
/**
 * One seat at the table. Seat indexes are the engine's seats: 0 .. players-1.
 *
 * @generated from message cercle.v1.Seat
 */
export type Seat = Message<"cercle.v1.Seat"> & {
    /**
     * The seat's index, stable for the whole match.
     *
     * @generated from field: int32 index = 1;
     */
    index: number;
    /**
     * The public id of the player sitting here (empty if the seat is free).
     *
     * @generated from field: string player_id = 2;
     */
    playerId: string;
    /**
     * The name the player chose when they opened their session.
     *
     * @generated from field: string display_name = 3;
     */
    displayName: string;
    /**
     * Human or bot.
     *
     * @generated from field: cercle.v1.SeatKind kind = 4;
     */
    kind: SeatKind;
    /**
     * Whether the player said they are ready (lobby phase).
     *
     * @generated from field: bool ready = 5;
     */
    ready: boolean;
    /**
     * For a bot, its level (`random`, `strong`).
     *
     * @generated from field: string bot_level = 6;
     */
    botLevel: string;
};
/**
 * Describes the message cercle.v1.Seat.
 * Use `create(SeatSchema)` to create a new message.
 */
export declare const SeatSchema: GenMessage<Seat>;
/**
 * A room: a table for one match of one game.
 *
 * @generated from message cercle.v1.Room
 */
export type Room = Message<"cercle.v1.Room"> & {
    /**
     * Opaque room id.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * The game played here (`tomahawk`, `tamashii`, `tomy`, `awimbawe`).
     *
     * @generated from field: string game_id = 2;
     */
    gameId: string;
    /**
     * Every option with its value (defaults filled in).
     *
     * @generated from field: map<string, cercle.v1.OptionValue> options = 3;
     */
    options: {
        [key: string]: OptionValue;
    };
    /**
     * Public or private.
     *
     * @generated from field: cercle.v1.Visibility visibility = 4;
     */
    visibility: Visibility;
    /**
     * The code that lets people join a private room. Only shown to members of the room.
     *
     * @generated from field: string join_code = 5;
     */
    joinCode: string;
    /**
     * Where the room is in its life.
     *
     * @generated from field: cercle.v1.RoomStatus status = 6;
     */
    status: RoomStatus;
    /**
     * The seats, in seat order; `players` long.
     *
     * @generated from field: repeated cercle.v1.Seat seats = 7;
     */
    seats: Seat[];
    /**
     * How many people watch as spectators.
     *
     * @generated from field: int32 spectator_count = 8;
     */
    spectatorCount: number;
    /**
     * The player id of the host (who may start the match).
     *
     * @generated from field: string host_player_id = 9;
     */
    hostPlayerId: string;
    /**
     * When the room was created (server time).
     *
     * @generated from field: google.protobuf.Timestamp create_time = 10;
     */
    createTime?: Timestamp | undefined;
    /**
     * The match version (engine version): every accepted action bumps it; Act must name it.
     *
     * @generated from field: int64 version = 11;
     */
    version: bigint;
    /**
     * The sequence number of the room's latest update (lobby or game).
     *
     * @generated from field: int64 seq = 12;
     */
    seq: bigint;
    /**
     * The caller's seat in this room, or -1 if the caller sits nowhere (spectator or outsider).
     *
     * @generated from field: int32 my_seat = 13;
     */
    mySeat: number;
};
/**
 * Describes the message cercle.v1.Room.
 * Use `create(RoomSchema)` to create a new message.
 */
export declare const RoomSchema: GenMessage<Room>;
/**
 * Something that happened in the match, as the receiving player may see it.
 *
 * `kind` is a stable snake_case name; each game's docs (`docs/games/<game>.md`) list the
 * kinds and the fields of `data`. Events about a secret exist in two forms: a public one
 * without the secret, and a private one (`private` = true) sent only to those who may know it.
 *
 * @generated from message cercle.v1.Event
 */
export type Event = Message<"cercle.v1.Event"> & {
    /**
     * The event kind, e.g. `card_played`, `cards_drawn`, `vote_revealed`.
     *
     * @generated from field: string kind = 1;
     */
    kind: string;
    /**
     * The event's fields (JSON-like). Numbers arrive as doubles in JSON-style structs.
     *
     * @generated from field: google.protobuf.Struct data = 2;
     */
    data?: JsonObject | undefined;
    /**
     * True when this event was addressed to the receiving seat only (it holds a secret).
     *
     * @generated from field: bool private = 3;
     */
    private: boolean;
};
/**
 * Describes the message cercle.v1.Event.
 * Use `create(EventSchema)` to create a new message.
 */
export declare const EventSchema: GenMessage<Event>;
/**
 * A decision clock that is running.
 *
 * @generated from message cercle.v1.Deadline
 */
export type Deadline = Message<"cercle.v1.Deadline"> & {
    /**
     * The seat whose decision the table waits for.
     *
     * @generated from field: int32 seat = 1;
     */
    seat: number;
    /**
     * The clock kind (`turn`, `story`, `vote`, `tie`, `decision`), from the game's catalogue.
     *
     * @generated from field: string clock = 2;
     */
    clock: string;
    /**
     * When the server applies the timeout action (server time).
     *
     * @generated from field: google.protobuf.Timestamp expire_time = 3;
     */
    expireTime?: Timestamp | undefined;
    /**
     * The clock's full length.
     *
     * @generated from field: google.protobuf.Duration length = 4;
     */
    length?: Duration | undefined;
    /**
     * The match version the deadline was set for; it is void once the version moves on.
     *
     * @generated from field: int64 version = 5;
     */
    version: bigint;
};
/**
 * Describes the message cercle.v1.Deadline.
 * Use `create(DeadlineSchema)` to create a new message.
 */
export declare const DeadlineSchema: GenMessage<Deadline>;
/**
 * How a finished match ended.
 *
 * @generated from message cercle.v1.Outcome
 */
export type Outcome = Message<"cercle.v1.Outcome"> & {
    /**
     * The winning seats (all seats for a cooperative win, none for a cooperative loss).
     *
     * @generated from field: repeated int32 winners = 1;
     */
    winners: number[];
    /**
     * One score per seat, in the game's own meaning (see the game's docs).
     *
     * @generated from field: repeated int64 scores = 2;
     */
    scores: bigint[];
    /**
     * A stable code such as `TARGET_SCORE` or `ALL_FREED`.
     *
     * @generated from field: string reason = 3;
     */
    reason: string;
    /**
     * Game-specific details (e.g. Tamashii's verdict lines).
     *
     * @generated from field: google.protobuf.Struct detail = 4;
     */
    detail?: JsonObject | undefined;
};
/**
 * Describes the message cercle.v1.Outcome.
 * Use `create(OutcomeSchema)` to create a new message.
 */
export declare const OutcomeSchema: GenMessage<Outcome>;
/**
 * A list of whole numbers, for lists of lists in views (e.g. scores per round).
 *
 * @generated from message cercle.v1.IntList
 */
export type IntList = Message<"cercle.v1.IntList"> & {
    /**
     * The numbers.
     *
     * @generated from field: repeated int32 values = 1;
     */
    values: number[];
};
/**
 * Describes the message cercle.v1.IntList.
 * Use `create(IntListSchema)` to create a new message.
 */
export declare const IntListSchema: GenMessage<IntList>;
/**
 * Who may see a room in the lobby.
 *
 * @generated from enum cercle.v1.Visibility
 */
export declare enum Visibility {
    /**
     * @generated from enum value: VISIBILITY_UNSPECIFIED = 0;
     */
    UNSPECIFIED = 0,
    /**
     * Listed by ListRooms and reachable by QuickMatch.
     *
     * @generated from enum value: VISIBILITY_PUBLIC = 1;
     */
    PUBLIC = 1,
    /**
     * Not listed; joined only with its join code.
     *
     * @generated from enum value: VISIBILITY_PRIVATE = 2;
     */
    PRIVATE = 2
}
/**
 * Describes the enum cercle.v1.Visibility.
 */
export declare const VisibilitySchema: GenEnum<Visibility>;
/**
 * Where a room is in its life.
 *
 * @generated from enum cercle.v1.RoomStatus
 */
export declare enum RoomStatus {
    /**
     * @generated from enum value: ROOM_STATUS_UNSPECIFIED = 0;
     */
    UNSPECIFIED = 0,
    /**
     * Seats are being filled; players mark themselves ready.
     *
     * @generated from enum value: ROOM_STATUS_OPEN = 1;
     */
    OPEN = 1,
    /**
     * The match is being played.
     *
     * @generated from enum value: ROOM_STATUS_PLAYING = 2;
     */
    PLAYING = 2,
    /**
     * The match is over; the replay is available.
     *
     * @generated from enum value: ROOM_STATUS_FINISHED = 3;
     */
    FINISHED = 3,
    /**
     * Everybody left before the match ended.
     *
     * @generated from enum value: ROOM_STATUS_ABANDONED = 4;
     */
    ABANDONED = 4
}
/**
 * Describes the enum cercle.v1.RoomStatus.
 */
export declare const RoomStatusSchema: GenEnum<RoomStatus>;
/**
 * Who sits in a seat.
 *
 * @generated from enum cercle.v1.SeatKind
 */
export declare enum SeatKind {
    /**
     * @generated from enum value: SEAT_KIND_UNSPECIFIED = 0;
     */
    UNSPECIFIED = 0,
    /**
     * A person, through a session.
     *
     * @generated from enum value: SEAT_KIND_HUMAN = 1;
     */
    HUMAN = 1,
    /**
     * A server-side bot.
     *
     * @generated from enum value: SEAT_KIND_BOT = 2;
     */
    BOT = 2
}
/**
 * Describes the enum cercle.v1.SeatKind.
 */
export declare const SeatKindSchema: GenEnum<SeatKind>;
