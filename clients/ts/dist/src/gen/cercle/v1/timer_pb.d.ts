import type { GenFile, GenMessage, GenService } from "@bufbuild/protobuf/codegenv2";
import type { Deadline } from "./common_pb.js";
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";
import type { Message } from "@bufbuild/protobuf";
/**
 * Describes the file cercle/v1/timer.proto.
 */
export declare const file_cercle_v1_timer: GenFile;
/**
 * Request for TimerService.GetDeadlines.
 *
 * @generated from message cercle.v1.GetDeadlinesRequest
 */
export type GetDeadlinesRequest = Message<"cercle.v1.GetDeadlinesRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.GetDeadlinesRequest.
 * Use `create(GetDeadlinesRequestSchema)` to create a new message.
 */
export declare const GetDeadlinesRequestSchema: GenMessage<GetDeadlinesRequest>;
/**
 * Response of TimerService.GetDeadlines.
 *
 * @generated from message cercle.v1.GetDeadlinesResponse
 */
export type GetDeadlinesResponse = Message<"cercle.v1.GetDeadlinesResponse"> & {
    /**
     * The server's time when it answered.
     *
     * @generated from field: google.protobuf.Timestamp server_time = 1;
     */
    serverTime?: Timestamp | undefined;
    /**
     * The clocks running (players' clocks only).
     *
     * @generated from field: repeated cercle.v1.Deadline deadlines = 2;
     */
    deadlines: Deadline[];
    /**
     * The match version the deadlines belong to.
     *
     * @generated from field: int64 version = 3;
     */
    version: bigint;
};
/**
 * Describes the message cercle.v1.GetDeadlinesResponse.
 * Use `create(GetDeadlinesResponseSchema)` to create a new message.
 */
export declare const GetDeadlinesResponseSchema: GenMessage<GetDeadlinesResponse>;
/**
 * Request for TimerService.WatchClock.
 *
 * @generated from message cercle.v1.WatchClockRequest
 */
export type WatchClockRequest = Message<"cercle.v1.WatchClockRequest"> & {
    /**
     * The room.
     *
     * @generated from field: string room_id = 1;
     */
    roomId: string;
};
/**
 * Describes the message cercle.v1.WatchClockRequest.
 * Use `create(WatchClockRequestSchema)` to create a new message.
 */
export declare const WatchClockRequestSchema: GenMessage<WatchClockRequest>;
/**
 * One clock update.
 *
 * @generated from message cercle.v1.WatchClockResponse
 */
export type WatchClockResponse = Message<"cercle.v1.WatchClockResponse"> & {
    /**
     * The server's time when it was sent.
     *
     * @generated from field: google.protobuf.Timestamp server_time = 1;
     */
    serverTime?: Timestamp | undefined;
    /**
     * The clocks running.
     *
     * @generated from field: repeated cercle.v1.Deadline deadlines = 2;
     */
    deadlines: Deadline[];
    /**
     * For each deadline, in the same order, the time left (never negative).
     *
     * @generated from field: repeated google.protobuf.Duration remaining = 3;
     */
    remaining: Duration[];
    /**
     * The match version the deadlines belong to.
     *
     * @generated from field: int64 version = 4;
     */
    version: bigint;
};
/**
 * Describes the message cercle.v1.WatchClockResponse.
 * Use `create(WatchClockResponseSchema)` to create a new message.
 */
export declare const WatchClockResponseSchema: GenMessage<WatchClockResponse>;
/**
 * Turn clocks. Deadlines live in Redis with the room, so they survive any replica; every
 * replica runs the expiry loop and each expired deadline is applied exactly once, through
 * the same path as a player's action, and only if the match has not moved on.
 *
 * Views and updates already carry the running deadlines (SubscribeResponse.deadlines), so a
 * frontend can show a countdown without this service; WatchClock adds a once-a-second tick
 * with the server's time for clients that want to correct their clock drift.
 *
 * @generated from service cercle.v1.TimerService
 */
export declare const TimerService: GenService<{
    /**
     * The clocks running in a room now, with the server's time.
     *
     * @generated from rpc cercle.v1.TimerService.GetDeadlines
     */
    getDeadlines: {
        methodKind: "unary";
        input: typeof GetDeadlinesRequestSchema;
        output: typeof GetDeadlinesResponseSchema;
    };
    /**
     * Streams the room's clocks: at once, whenever they change, and every second.
     *
     * @generated from rpc cercle.v1.TimerService.WatchClock
     */
    watchClock: {
        methodKind: "server_streaming";
        input: typeof WatchClockRequestSchema;
        output: typeof WatchClockResponseSchema;
    };
}>;
