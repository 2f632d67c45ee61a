/**
 * Cercle's TypeScript client: the transport-free core. Import `@cercle/client/node` (native
 * gRPC) or `@cercle/client/web` (gRPC-Web for browsers) to get a transport as well.
 */

export * from "./client.js";
export { choicesOf, type SeatChoices } from "./choices.js";
export { TableFollower } from "./follow.js";
export { type CreateRoomOptions, durationFromMs, type JoinOptions, newRequestId, type QuickMatchOptions } from "./requests.js";
export { ACT_ATTEMPTS, type ActOptions, RETRY_INFO_ATTEMPTS } from "./retries.js";
export type { SubscribeOptions } from "./streams.js";
export * from "./errors.js";
export * from "./options.js";
export { Code, ConnectError } from "@connectrpc/connect";
export { create, clone, fromBinary, toBinary, toJson, type MessageInitShape } from "@bufbuild/protobuf";
export * from "./gen/cercle/v1/common_pb.js";
export * from "./gen/cercle/v1/lists_pb.js";
export * from "./gen/cercle/v1/lobby_pb.js";
export * from "./gen/cercle/v1/ladder_pb.js";
export * from "./gen/cercle/v1/game_pb.js";
export * from "./gen/cercle/v1/timer_pb.js";
export * from "./gen/cercle/v1/inbox_pb.js";
export * from "./gen/cercle/v1/pace_pb.js";
// Every game's messages (a file tools/genweb.py writes from protos/cercle/v1/<game>.proto).
export * from "./games.generated.js";
