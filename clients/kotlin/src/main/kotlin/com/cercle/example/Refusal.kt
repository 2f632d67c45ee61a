// A tiny Kotlin client over the Java stubs that protos/buf.gen.stubs.yaml generates
// (com.cercle.v1 and com.google.rpc), compiled with Debian 12's kotlinc against Debian's
// protobuf-java 3.21 and grpc-java 1.41 (see docs/clients.md, "Kotlin").
//
// Without arguments it packs an ErrorInfo into a google.rpc.Status and reads it back. With an
// address (host:port, plaintext h2c: Envoy's public port) it creates a guest session, asks
// QuickMatch for a game that does not exist and prints the refusal's google.rpc details: the
// ErrorInfo reason and metadata, and the BadRequest field.
package com.cercle.example

import com.cercle.v1.CreateSessionRequest
import com.cercle.v1.LobbyServiceGrpc
import com.cercle.v1.QuickMatchRequest
import com.google.protobuf.Any
import com.google.rpc.BadRequest
import com.google.rpc.ErrorInfo
import com.google.rpc.Status
import io.grpc.Metadata
import io.grpc.StatusRuntimeException
import io.grpc.netty.NettyChannelBuilder
import io.grpc.protobuf.StatusProto
import io.grpc.stub.MetadataUtils
import java.util.concurrent.TimeUnit

/** Every google.rpc detail of a refusal, by type, decoded with the generated classes. */
fun details(status: Status): List<String> =
    status.detailsList.mapNotNull { detail: Any ->
        when {
            detail.`is`(ErrorInfo::class.java) -> {
                val info = detail.unpack(ErrorInfo::class.java)
                val metadata = info.metadataMap.toSortedMap().entries.joinToString(",") { "${it.key}=${it.value}" }
                "reason ${info.reason} domain ${info.domain} metadata $metadata"
            }
            detail.`is`(BadRequest::class.java) ->
                "field " + detail.unpack(BadRequest::class.java).fieldViolationsList.joinToString(",") { it.field }
            else -> null
        }
    }

fun main(args: Array<String>) {
    val packed = Status.newBuilder()
        .setCode(io.grpc.Status.Code.INVALID_ARGUMENT.value())
        .addDetails(Any.pack(ErrorInfo.newBuilder().setReason("UNKNOWN_GAME").setDomain("cercle.games").putMetadata("field", "game_id").build()))
        .build()
    details(Status.parseFrom(packed.toByteArray())).forEach { println("packed $it") }
    if (args.isEmpty()) return

    val channel = NettyChannelBuilder.forTarget(args[0]).usePlaintext().build()
    try {
        var lobby = LobbyServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
        val session = lobby.createSession(CreateSessionRequest.newBuilder().setDisplayName("Kotlin").build())
        val headers = Metadata()
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + session.sessionToken)
        lobby = lobby.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
        try {
            lobby.quickMatch(QuickMatchRequest.newBuilder().setGameId("no-such-game").setBots(1).build())
            println("accepted")
        } catch (refused: StatusRuntimeException) {
            val status = StatusProto.fromThrowable(refused) ?: error("no google.rpc.Status in $refused")
            println("code ${refused.status.code}")
            details(status).forEach { println(it) }
        }
    } finally {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS)
    }
}
