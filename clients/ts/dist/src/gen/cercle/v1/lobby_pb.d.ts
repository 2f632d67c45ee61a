import type { GenEnum, GenFile, GenMessage, GenService } from "@bufbuild/protobuf/codegenv2";
import type { OptionValue, Room, Visibility } from "./common_pb.js";
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/lobby.proto.
 */
export declare const file_cercle_v1_lobby: GenFile;
/**
 * Request for LobbyService.CreateSession.
 *
 * @generated from message cercle.v1.CreateSessionRequest
 */
export type CreateSessionRequest = Message<"cercle.v1.CreateSessionRequest"> & {
    /**
     * 1 to 32 characters, shown to other players.
     *
     * @generated from field: string display_name = 1;
     */
    displayName: string;
};
/**
 * Describes the message cercle.v1.CreateSessionRequest.
 * Use `create(CreateSessionRequestSchema)` to create a new message.
 */
export declare const CreateSessionRequestSchema: GenMessage<CreateSessionRequest>;
/**
 * Response of LobbyService.CreateSession.
 *
 * @generated from message cercle.v1.CreateSessionResponse
 */
export type CreateSessionResponse = Message<"cercle.v1.CreateSessionResponse"> & {
    /**
     * The opaque bearer token. Keep it secret: it is the player's identity.
     *
     * @generated from field: string session_token = 1;
     */
    sessionToken: string;
    /**
     * The player's public id, as it appears in seats.
     *
     * @generated from field: string player_id = 2;
     */
    playerId: string;
    /**
     * When the session expires unless used (each call renews it).
     *
     * @generated from field: google.protobuf.Timestamp expire_time = 3;
     */
    expireTime?: Timestamp | undefined;
};
/**
 * Describes the message cercle.v1.CreateSessionResponse.
 * Use `create(CreateSessionResponseSchema)` to create a new message.
 */
export declare const CreateSessionResponseSchema: GenMessage<CreateSessionResponse>;
/**
 * Request for LobbyService.ListGames.
 *
 * @generated from message cercle.v1.ListGamesRequest
 */
export type ListGamesRequest = Message<"cercle.v1.ListGamesRequest"> & {};
/**
 * Describes the message cercle.v1.ListGamesRequest.
 * Use `create(ListGamesRequestSchema)` to create a new message.
 */
export declare const ListGamesRequestSchema: GenMessage<ListGamesRequest>;
/**
 * Response of LobbyService.ListGames.
 *
 * @generated from message cercle.v1.ListGamesResponse
 */
export type ListGamesResponse = Message<"cercle.v1.ListGamesResponse"> & {
    /**
     * Every hosted game.
     *
     * @generated from field: repeated cercle.v1.GameInfo games = 1;
     */
    games: GameInfo[];
};
/**
 * Describes the message cercle.v1.ListGamesResponse.
 * Use `create(ListGamesResponseSchema)` to create a new message.
 */
export declare const ListGamesResponseSchema: GenMessage<ListGamesResponse>;
/**
 * A game in the catalogue.
 *
 * @generated from message cercle.v1.GameInfo
 */
export type GameInfo = Message<"cercle.v1.GameInfo"> & {
    /**
     * The id used everywhere else (`tomahawk`...).
     *
     * @generated from field: string game_id = 1;
     */
    gameId: string;
    /**
     * The game's name.
     *
     * @generated from field: string name = 2;
     */
    name: string;
    /**
     * One paragraph in English.
     *
     * @generated from field: string summary_en = 3;
     */
    summaryEn: string;
    /**
     * One paragraph in French.
     *
     * @generated from field: string summary_fr = 4;
     */
    summaryFr: string;
    /**
     * The smallest table.
     *
     * @generated from field: int32 min_players = 5;
     */
    minPlayers: number;
    /**
     * The largest table.
     *
     * @generated from field: int32 max_players = 6;
     */
    maxPlayers: number;
    /**
     * The room options with their defaults.
     *
     * @generated from field: repeated cercle.v1.OptionInfo options = 7;
     */
    options: OptionInfo[];
    /**
     * The decision clocks and what happens when one runs out.
     *
     * @generated from field: repeated cercle.v1.ClockInfo clocks = 8;
     */
    clocks: ClockInfo[];
};
/**
 * Describes the message cercle.v1.GameInfo.
 * Use `create(GameInfoSchema)` to create a new message.
 */
export declare const GameInfoSchema: GenMessage<GameInfo>;
/**
 * A room option.
 *
 * @generated from message cercle.v1.OptionInfo
 */
export type OptionInfo = Message<"cercle.v1.OptionInfo"> & {
    /**
     * The option's name, as a key of CreateRoomRequest.options.
     *
     * @generated from field: string name = 1;
     */
    name: string;
    /**
     * Its type.
     *
     * @generated from field: cercle.v1.OptionKind kind = 2;
     */
    kind: OptionKind;
    /**
     * Its default value.
     *
     * @generated from field: cercle.v1.OptionValue default_value = 3;
     */
    defaultValue?: OptionValue | undefined;
    /**
     * What it does, in English.
     *
     * @generated from field: string description_en = 4;
     */
    descriptionEn: string;
    /**
     * What it does, in French.
     *
     * @generated from field: string description_fr = 5;
     */
    descriptionFr: string;
    /**
     * For OPTION_KIND_INT: the smallest allowed value (unset: no bound).
     *
     * @generated from field: optional int64 minimum = 6;
     */
    minimum?: bigint | undefined;
    /**
     * For OPTION_KIND_INT: the largest allowed value (unset: no bound).
     *
     * @generated from field: optional int64 maximum = 7;
     */
    maximum?: bigint | undefined;
    /**
     * For OPTION_KIND_CHOICE: the allowed values.
     *
     * @generated from field: repeated string choices = 8;
     */
    choices: string[];
};
/**
 * Describes the message cercle.v1.OptionInfo.
 * Use `create(OptionInfoSchema)` to create a new message.
 */
export declare const OptionInfoSchema: GenMessage<OptionInfo>;
/**
 * A kind of decision clock.
 *
 * @generated from message cercle.v1.ClockInfo
 */
export type ClockInfo = Message<"cercle.v1.ClockInfo"> & {
    /**
     * The clock kind, as in Deadline.clock.
     *
     * @generated from field: string clock = 1;
     */
    clock: string;
    /**
     * The int option that sets its length in seconds (0 = no clock).
     *
     * @generated from field: string option = 2;
     */
    option: string;
    /**
     * What the server does for the player when it runs out, in English.
     *
     * @generated from field: string on_timeout_en = 3;
     */
    onTimeoutEn: string;
    /**
     * The same, in French.
     *
     * @generated from field: string on_timeout_fr = 4;
     */
    onTimeoutFr: string;
};
/**
 * Describes the message cercle.v1.ClockInfo.
 * Use `create(ClockInfoSchema)` to create a new message.
 */
export declare const ClockInfoSchema: GenMessage<ClockInfo>;
/**
 * Request for LobbyService.CreateRoom.
 *
 * @generated from message cercle.v1.CreateRoomRequest
 */
export type CreateRoomRequest = Message<"cercle.v1.CreateRoomRequest"> & {
    /**
     * The game to play.
     *
     * @generated from field: string game_id = 1;
     */
    gameId: string;
    /**
     * Options that differ from the defaults.
     *
     * @generated from field: map<string, cercle.v1.OptionValue> options = 2;
     */
    options: {
        [key: string]: OptionValue;
    };
    /**
     * Public (listed) or private (join code). Unspecified means public.
     *
     * @generated from field: cercle.v1.Visibility visibility = 3;
     */
    visibility: Visibility;
    /**
     * How many seats, within the game's min/max. 0 means the game's minimum.
     *
     * @generated from field: int32 players = 4;
     */
    players: number;
    /**
     * Disconnection policy: after this many consecutive timeouts a bot plays for the seat
     * until its player acts again. Unset: 3. 0: never.
     *
     * @generated from field: optional int32 takeover_after = 5;
     */
    takeoverAfter?: number | undefined;
    /**
     * How long bots wait before they move, so that people can follow. Unset: 0.8 s.
     *
     * @generated from field: google.protobuf.Duration bot_delay = 6;
     */
    botDelay?: Duration | undefined;
};
/**
 * Describes the message cercle.v1.CreateRoomRequest.
 * Use `create(CreateRoomRequestSchema)` to create a new message.
 */
export declare const CreateRoomRequestSchema: GenMessage<CreateRoomRequest>;
/**
 * Response of LobbyService.CreateRoom.
 *
 * @generated from message cercle.v1.CreateRoomResponse
 */
export type CreateRoomResponse = Message<"cercle.v1.CreateRoomResponse"> & {
    /**
     * The new room; the caller sits in seat 0.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
};
/**
 * Describes the message cercle.v1.CreateRoomResponse.
 * Use `create(CreateRoomResponseSchema)` to create a new message.
 */
export declare const CreateRoomResponseSchema: GenMessage<CreateRoomResponse>;
/**
 * Request for LobbyService.ListRooms.
 *
 * @generated from message cercle.v1.ListRoomsRequest
 */
export type ListRoomsRequest = Message<"cercle.v1.ListRoomsRequest"> & {
    /**
     * Only rooms of this game (empty: every game).
     *
     * @generated from field: string game_id = 1;
     */
    gameId: string;
    /**
     * At most this many rooms (default and maximum 100).
     *
     * @generated from field: int32 page_size = 2;
     */
    pageSize: number;
};
/**
 * Describes the message cercle.v1.ListRoomsRequest.
 * Use `create(ListRoomsRequestSchema)` to create a new message.
 */
export declare const ListRoomsRequestSchema: GenMessage<ListRoomsRequest>;
/**
 * Response of LobbyService.ListRooms.
 *
 * @generated from message cercle.v1.ListRoomsResponse
 */
export type ListRoomsResponse = Message<"cercle.v1.ListRoomsResponse"> & {
    /**
     * Open public rooms, newest first.
     *
     * @generated from field: repeated cercle.v1.Room rooms = 1;
     */
    rooms: Room[];
};
/**
 * Describes the message cercle.v1.ListRoomsResponse.
 * Use `create(ListRoomsResponseSchema)` to create a new message.
 */
export declare const ListRoomsResponseSchema: GenMessage<ListRoomsResponse>;
/**
 * Request for LobbyService.QuickMatch.
 *
 * @generated from message cercle.v1.QuickMatchRequest
 */
export type QuickMatchRequest = Message<"cercle.v1.QuickMatchRequest"> & {
    /**
     * The game to play.
     *
     * @generated from field: string game_id = 1;
     */
    gameId: string;
    /**
     * The table size wanted when a room must be created (0: the game's minimum).
     *
     * @generated from field: int32 players = 2;
     */
    players: number;
};
/**
 * Describes the message cercle.v1.QuickMatchRequest.
 * Use `create(QuickMatchRequestSchema)` to create a new message.
 */
export declare const QuickMatchRequestSchema: GenMessage<QuickMatchRequest>;
/**
 * Response of LobbyService.QuickMatch.
 *
 * @generated from message cercle.v1.QuickMatchResponse
 */
export type QuickMatchResponse = Message<"cercle.v1.QuickMatchResponse"> & {
    /**
     * The room joined or created.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
    /**
     * The caller's seat.
     *
     * @generated from field: int32 seat = 2;
     */
    seat: number;
};
/**
 * Describes the message cercle.v1.QuickMatchResponse.
 * Use `create(QuickMatchResponseSchema)` to create a new message.
 */
export declare const QuickMatchResponseSchema: GenMessage<QuickMatchResponse>;
/**
 * Request for LobbyService.JoinRoom.
 *
 * @generated from message cercle.v1.JoinRoomRequest
 */
export type JoinRoomRequest = Message<"cercle.v1.JoinRoomRequest"> & {
    /**
     * The room id, for a public room (or a private one together with its code).
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * The join code of a private room (alone, or with room_id).
     *
     * @generated from field: string join_code = 2;
     */
    joinCode: string;
    /**
     * Watch as a spectator instead of taking a seat.
     *
     * @generated from field: bool spectator = 3;
     */
    spectator: boolean;
};
/**
 * Describes the message cercle.v1.JoinRoomRequest.
 * Use `create(JoinRoomRequestSchema)` to create a new message.
 */
export declare const JoinRoomRequestSchema: GenMessage<JoinRoomRequest>;
/**
 * Response of LobbyService.JoinRoom.
 *
 * @generated from message cercle.v1.JoinRoomResponse
 */
export type JoinRoomResponse = Message<"cercle.v1.JoinRoomResponse"> & {
    /**
     * The room.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
    /**
     * The caller's seat, or -1 for a spectator.
     *
     * @generated from field: int32 seat = 2;
     */
    seat: number;
};
/**
 * Describes the message cercle.v1.JoinRoomResponse.
 * Use `create(JoinRoomResponseSchema)` to create a new message.
 */
export declare const JoinRoomResponseSchema: GenMessage<JoinRoomResponse>;
/**
 * Request for LobbyService.LeaveRoom.
 *
 * @generated from message cercle.v1.LeaveRoomRequest
 */
export type LeaveRoomRequest = Message<"cercle.v1.LeaveRoomRequest"> & {
    /**
     * The room to leave.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.LeaveRoomRequest.
 * Use `create(LeaveRoomRequestSchema)` to create a new message.
 */
export declare const LeaveRoomRequestSchema: GenMessage<LeaveRoomRequest>;
/**
 * Response of LobbyService.LeaveRoom.
 *
 * @generated from message cercle.v1.LeaveRoomResponse
 */
export type LeaveRoomResponse = Message<"cercle.v1.LeaveRoomResponse"> & {};
/**
 * Describes the message cercle.v1.LeaveRoomResponse.
 * Use `create(LeaveRoomResponseSchema)` to create a new message.
 */
export declare const LeaveRoomResponseSchema: GenMessage<LeaveRoomResponse>;
/**
 * Request for LobbyService.SetReady.
 *
 * @generated from message cercle.v1.SetReadyRequest
 */
export type SetReadyRequest = Message<"cercle.v1.SetReadyRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * Ready or not.
     *
     * @generated from field: bool ready = 2;
     */
    ready: boolean;
};
/**
 * Describes the message cercle.v1.SetReadyRequest.
 * Use `create(SetReadyRequestSchema)` to create a new message.
 */
export declare const SetReadyRequestSchema: GenMessage<SetReadyRequest>;
/**
 * Response of LobbyService.SetReady.
 *
 * @generated from message cercle.v1.SetReadyResponse
 */
export type SetReadyResponse = Message<"cercle.v1.SetReadyResponse"> & {
    /**
     * The room after the change.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
};
/**
 * Describes the message cercle.v1.SetReadyResponse.
 * Use `create(SetReadyResponseSchema)` to create a new message.
 */
export declare const SetReadyResponseSchema: GenMessage<SetReadyResponse>;
/**
 * Request for LobbyService.StartMatch.
 *
 * @generated from message cercle.v1.StartMatchRequest
 */
export type StartMatchRequest = Message<"cercle.v1.StartMatchRequest"> & {
    /**
     * The room whose match to start.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.StartMatchRequest.
 * Use `create(StartMatchRequestSchema)` to create a new message.
 */
export declare const StartMatchRequestSchema: GenMessage<StartMatchRequest>;
/**
 * Response of LobbyService.StartMatch.
 *
 * @generated from message cercle.v1.StartMatchResponse
 */
export type StartMatchResponse = Message<"cercle.v1.StartMatchResponse"> & {
    /**
     * The room, now ROOM_STATUS_PLAYING.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
};
/**
 * Describes the message cercle.v1.StartMatchResponse.
 * Use `create(StartMatchResponseSchema)` to create a new message.
 */
export declare const StartMatchResponseSchema: GenMessage<StartMatchResponse>;
/**
 * Request for LobbyService.AddBot.
 *
 * @generated from message cercle.v1.AddBotRequest
 */
export type AddBotRequest = Message<"cercle.v1.AddBotRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * The seat to fill; -1 means the first free seat.
     *
     * @generated from field: int32 seat = 2;
     */
    seat: number;
    /**
     * `random` or `strong` (empty: `strong`).
     *
     * @generated from field: string level = 3;
     */
    level: string;
};
/**
 * Describes the message cercle.v1.AddBotRequest.
 * Use `create(AddBotRequestSchema)` to create a new message.
 */
export declare const AddBotRequestSchema: GenMessage<AddBotRequest>;
/**
 * Response of LobbyService.AddBot.
 *
 * @generated from message cercle.v1.AddBotResponse
 */
export type AddBotResponse = Message<"cercle.v1.AddBotResponse"> & {
    /**
     * The room after the change.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
};
/**
 * Describes the message cercle.v1.AddBotResponse.
 * Use `create(AddBotResponseSchema)` to create a new message.
 */
export declare const AddBotResponseSchema: GenMessage<AddBotResponse>;
/**
 * Request for LobbyService.RemoveBot.
 *
 * @generated from message cercle.v1.RemoveBotRequest
 */
export type RemoveBotRequest = Message<"cercle.v1.RemoveBotRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * The bot's seat.
     *
     * @generated from field: int32 seat = 2;
     */
    seat: number;
};
/**
 * Describes the message cercle.v1.RemoveBotRequest.
 * Use `create(RemoveBotRequestSchema)` to create a new message.
 */
export declare const RemoveBotRequestSchema: GenMessage<RemoveBotRequest>;
/**
 * Response of LobbyService.RemoveBot.
 *
 * @generated from message cercle.v1.RemoveBotResponse
 */
export type RemoveBotResponse = Message<"cercle.v1.RemoveBotResponse"> & {
    /**
     * The room after the change.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
};
/**
 * Describes the message cercle.v1.RemoveBotResponse.
 * Use `create(RemoveBotResponseSchema)` to create a new message.
 */
export declare const RemoveBotResponseSchema: GenMessage<RemoveBotResponse>;
/**
 * Request for LobbyService.WatchRoom.
 *
 * @generated from message cercle.v1.WatchRoomRequest
 */
export type WatchRoomRequest = Message<"cercle.v1.WatchRoomRequest"> & {
    /**
     * The room to watch (the caller must be seated or a spectator).
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
    /**
     * Send only changes after this sequence number (0: the current room first).
     *
     * @generated from field: int64 after_seq = 2;
     */
    afterSeq: bigint;
};
/**
 * Describes the message cercle.v1.WatchRoomRequest.
 * Use `create(WatchRoomRequestSchema)` to create a new message.
 */
export declare const WatchRoomRequestSchema: GenMessage<WatchRoomRequest>;
/**
 * One message of LobbyService.WatchRoom.
 *
 * @generated from message cercle.v1.WatchRoomResponse
 */
export type WatchRoomResponse = Message<"cercle.v1.WatchRoomResponse"> & {
    /**
     * The room as it is after the change.
     *
     * @generated from field: cercle.v1.Room room = 1;
     */
    room?: Room | undefined;
    /**
     * The change's sequence number.
     *
     * @generated from field: int64 seq = 2;
     */
    seq: bigint;
    /**
     * What changed: `joined`, `left`, `ready`, `bot_added`, `bot_removed`, `started`,
     * `finished`, `snapshot`.
     *
     * @generated from field: string change = 3;
     */
    change: string;
};
/**
 * Describes the message cercle.v1.WatchRoomResponse.
 * Use `create(WatchRoomResponseSchema)` to create a new message.
 */
export declare const WatchRoomResponseSchema: GenMessage<WatchRoomResponse>;
/**
 * The kind of value an option takes.
 *
 * @generated from enum cercle.v1.OptionKind
 */
export declare enum OptionKind {
    /**
     * @generated from enum value: OPTION_KIND_UNSPECIFIED = 0;
     */
    UNSPECIFIED = 0,
    /**
     * A whole number within [minimum, maximum].
     *
     * @generated from enum value: OPTION_KIND_INT = 1;
     */
    INT = 1,
    /**
     * true or false.
     *
     * @generated from enum value: OPTION_KIND_BOOL = 2;
     */
    BOOL = 2,
    /**
     * One of `choices`.
     *
     * @generated from enum value: OPTION_KIND_CHOICE = 3;
     */
    CHOICE = 3
}
/**
 * Describes the enum cercle.v1.OptionKind.
 */
export declare const OptionKindSchema: GenEnum<OptionKind>;
/**
 * The lobby: sessions, the game catalogue, rooms and seats.
 *
 * Every RPC except CreateSession and ListGames needs the session token returned by
 * CreateSession, sent as `authorization: Bearer <token>` metadata. The server derives the
 * player from the token on every call; a missing or unknown token gets UNAUTHENTICATED.
 *
 * @generated from service cercle.v1.LobbyService
 */
export declare const LobbyService: GenService<{
    /**
     * Opens a guest session for a display name and returns its token.
     *
     * @generated from rpc cercle.v1.LobbyService.CreateSession
     */
    createSession: {
        methodKind: "unary";
        input: typeof CreateSessionRequestSchema;
        output: typeof CreateSessionResponseSchema;
    };
    /**
     * The games this server hosts, with their options, defaults and clocks.
     *
     * @generated from rpc cercle.v1.LobbyService.ListGames
     */
    listGames: {
        methodKind: "unary";
        input: typeof ListGamesRequestSchema;
        output: typeof ListGamesResponseSchema;
    };
    /**
     * Creates a room; the caller takes seat 0 and becomes the host.
     *
     * @generated from rpc cercle.v1.LobbyService.CreateRoom
     */
    createRoom: {
        methodKind: "unary";
        input: typeof CreateRoomRequestSchema;
        output: typeof CreateRoomResponseSchema;
    };
    /**
     * Public rooms that are still open, newest first.
     *
     * @generated from rpc cercle.v1.LobbyService.ListRooms
     */
    listRooms: {
        methodKind: "unary";
        input: typeof ListRoomsRequestSchema;
        output: typeof ListRoomsResponseSchema;
    };
    /**
     * Joins an open public room of a game with a free seat, or creates one.
     *
     * @generated from rpc cercle.v1.LobbyService.QuickMatch
     */
    quickMatch: {
        methodKind: "unary";
        input: typeof QuickMatchRequestSchema;
        output: typeof QuickMatchResponseSchema;
    };
    /**
     * Takes a seat (or watches as a spectator) in a room, by id or by join code.
     *
     * @generated from rpc cercle.v1.LobbyService.JoinRoom
     */
    joinRoom: {
        methodKind: "unary";
        input: typeof JoinRoomRequestSchema;
        output: typeof JoinRoomResponseSchema;
    };
    /**
     * Leaves a room before its match starts (a seated player) or stops watching.
     *
     * @generated from rpc cercle.v1.LobbyService.LeaveRoom
     */
    leaveRoom: {
        methodKind: "unary";
        input: typeof LeaveRoomRequestSchema;
        output: typeof LeaveRoomResponseSchema;
    };
    /**
     * Marks the caller ready (or not) in an open room.
     *
     * @generated from rpc cercle.v1.LobbyService.SetReady
     */
    setReady: {
        methodKind: "unary";
        input: typeof SetReadyRequestSchema;
        output: typeof SetReadyResponseSchema;
    };
    /**
     * Starts the match (host only; every seat taken and ready).
     *
     * @generated from rpc cercle.v1.LobbyService.StartMatch
     */
    startMatch: {
        methodKind: "unary";
        input: typeof StartMatchRequestSchema;
        output: typeof StartMatchResponseSchema;
    };
    /**
     * Puts a server bot in a free seat (host only, before the match starts).
     *
     * @generated from rpc cercle.v1.LobbyService.AddBot
     */
    addBot: {
        methodKind: "unary";
        input: typeof AddBotRequestSchema;
        output: typeof AddBotResponseSchema;
    };
    /**
     * Frees a seat held by a bot (host only, before the match starts).
     *
     * @generated from rpc cercle.v1.LobbyService.RemoveBot
     */
    removeBot: {
        methodKind: "unary";
        input: typeof RemoveBotRequestSchema;
        output: typeof RemoveBotResponseSchema;
    };
    /**
     * Streams the room's lobby changes (seats, ready flags, start, end) after `after_seq`.
     *
     * @generated from rpc cercle.v1.LobbyService.WatchRoom
     */
    watchRoom: {
        methodKind: "server_streaming";
        input: typeof WatchRoomRequestSchema;
        output: typeof WatchRoomResponseSchema;
    };
}>;
