// Command cercle-match plays one whole match against bots through Cercle's public address
// (Envoy, or a replica) with the Go stubs generated from protos/ by
// protos/buf.gen.stubs.yaml, and prints the outcome as one JSON line.
//
//	cercle-match -addr 127.0.0.1:8080 -game awimbawe
//
// It creates a guest session, asks QuickMatch for a private table filled with bots (which
// starts at once), subscribes to the room's updates and, whenever an update's choices (what
// the server says the seat may do now, pushed with every update that carries a view) are not
// empty, plays one of them (chosen with -seed) with that update's version, until the update
// that carries the outcome. It never calls ListLegalActions. A dropped stream is resumed
// from the cursor of the last update it handled, and every mutating call carries a
// request_id (AIP-155), resent unchanged when the network fails. The table is printed on
// stderr with the bots named here ("bot 1"): the server sends a bot no display name, only
// its number.
//
// Exit status: 0 when the match finished with an outcome, 1 otherwise (the reason on
// stderr). It builds with the Go toolchain and libraries Debian 12 ships (Go 1.19,
// google.golang.org/grpc 1.33, google.golang.org/protobuf 1.28); see docs/clients.md.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	mathrand "math/rand"
	"os"
	"time"

	cerclev1 "cercle/gen/go/cercle/v1"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

// result is the JSON line printed at the end.
type result struct {
	RoomID  string  `json:"room_id"`
	GameID  string  `json:"game_id"`
	Seat    int32   `json:"seat"`
	Reason  string  `json:"reason"`
	Winners []int32 `json:"winners"`
	Scores  []int64 `json:"scores"`
	Updates int     `json:"updates"`
	LastSeq int64   `json:"last_seq"`
	Moves   int     `json:"moves"`
	Resumes int     `json:"resumes"`
}

type player struct {
	lobby  cerclev1.LobbyServiceClient
	game   cerclev1.GameServiceClient
	rng    *mathrand.Rand
	cursor string // the resume cursor of the last update handled (opaque)
	out    result
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "Cercle's public address (host:port, plaintext h2c)")
	gameID := flag.String("game", "awimbawe", "the game to play (awimbawe, tomahawk...)")
	bots := flag.Int("bots", 1, "how many bots sit at the table (the table has bots+1 seats)")
	name := flag.String("name", "Gopher", "the display name")
	seed := flag.Int64("seed", 1, "seed of the pick among the pushed choices")
	timeout := flag.Duration("timeout", 5*time.Minute, "give up after this long")
	target := flag.Int("target", 0, "Tomahawk only: make a private room to this score, with no reaction window (CreateRoom, AddBot, StartMatch) instead of QuickMatch's match to 250")
	flag.Parse()

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	out, err := play(ctx, *addr, *gameID, *bots, *name, *seed, *target)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cercle-match:", err)
		os.Exit(1)
	}
	line, err := json.Marshal(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cercle-match:", err)
		os.Exit(1)
	}
	fmt.Println(string(line))
}

func play(ctx context.Context, addr, gameID string, bots int, name string, seed int64, target int) (result, error) {
	dialCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	// grpc.WithInsecure: plaintext h2c for a local cluster; use TLS credentials in production.
	conn, err := grpc.DialContext(dialCtx, addr, grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		return result{}, fmt.Errorf("cannot reach %s: %w", addr, err)
	}
	defer conn.Close()

	p := &player{
		lobby: cerclev1.NewLobbyServiceClient(conn),
		game:  cerclev1.NewGameServiceClient(conn),
		rng:   mathrand.New(mathrand.NewSource(seed)),
	}
	session, err := p.lobby.CreateSession(ctx, &cerclev1.CreateSessionRequest{
		DisplayName: name,
		RequestId:   newKey(),
	})
	if err != nil {
		return result{}, describe("CreateSession", err)
	}
	// Every later call carries the bearer token (kept in memory only, never printed).
	ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+session.SessionToken)

	var room *cerclev1.Room
	if target > 0 {
		room, err = p.shortMatch(ctx, gameID, bots, target)
		if err != nil {
			return result{}, err
		}
	} else {
		match, err := p.lobby.QuickMatch(ctx, &cerclev1.QuickMatchRequest{
			GameId:    gameID,
			Bots:      int32(bots),
			BotLevel:  cerclev1.BotLevel_BOT_LEVEL_STRONG,
			BotDelay:  durationpb.New(0),
			RequestId: newKey(),
		})
		if err != nil {
			return result{}, describe("QuickMatch", err)
		}
		room, p.out.Seat = match.Room, match.Seat
	}
	p.out.RoomID = room.GetRoomId()
	p.out.GameID = gameID
	fmt.Fprintf(os.Stderr, "cercle-match: seat %d of room %s (%s)\n", p.out.Seat, p.out.RoomID, gameID)
	for _, seat := range room.GetSeats() {
		fmt.Fprintf(os.Stderr, "cercle-match:   seat %d: %s\n", seat.Index, seatName(seat))
	}
	if err := p.follow(ctx); err != nil {
		return result{}, err
	}
	return p.out, nil
}

// shortMatch makes a private Tomahawk room to `target` points with no reaction window (typed
// room options: unset fields keep their defaults), seats strong bots, and starts the match
// with the caller in seat 0. The room as it started.
func (p *player) shortMatch(ctx context.Context, gameID string, bots, target int) (*cerclev1.Room, error) {
	if gameID != "tomahawk" {
		return nil, fmt.Errorf("-target is for tomahawk, not %s", gameID)
	}
	options := &cerclev1.RoomOptions{Game: &cerclev1.RoomOptions_Tomahawk{
		Tomahawk: &cerclev1.TomahawkOptions{TargetScore: int32p(int32(target)), ReactionSeconds: int32p(0)},
	}}
	created, err := p.lobby.CreateRoom(ctx, &cerclev1.CreateRoomRequest{
		GameId:     gameID,
		Options:    options,
		Visibility: cerclev1.Visibility_VISIBILITY_PRIVATE,
		Players:    int32(bots + 1),
		BotDelay:   durationpb.New(0),
		RequestId:  newKey(),
	})
	if err != nil {
		return nil, describe("CreateRoom", err)
	}
	roomID := created.Room.GetRoomId()
	for i := 0; i < bots; i++ {
		if _, err := p.lobby.AddBot(ctx, &cerclev1.AddBotRequest{
			RoomId: roomID, Level: cerclev1.BotLevel_BOT_LEVEL_STRONG, RequestId: newKey(),
		}); err != nil {
			return nil, describe("AddBot", err)
		}
	}
	if _, err := p.lobby.SetReady(ctx, &cerclev1.SetReadyRequest{
		RoomId: roomID, Ready: true, RequestId: newKey(),
	}); err != nil {
		return nil, describe("SetReady", err)
	}
	started, err := p.lobby.StartMatch(ctx, &cerclev1.StartMatchRequest{RoomId: roomID, RequestId: newKey()})
	if err != nil {
		return nil, describe("StartMatch", err)
	}
	return started.Room, nil
}

func int32p(v int32) *int32 { return &v }

// follow subscribes to the room and plays until the outcome, resuming a dropped stream.
func (p *player) follow(ctx context.Context) error {
	backoff := 100 * time.Millisecond
	for {
		done, err := p.stream(ctx)
		if done {
			return nil
		}
		code := status.Code(err)
		if err != nil && !errors.Is(err, io.EOF) && code != codes.Unavailable {
			return describe("Subscribe", err) // a refusal, or the deadline
		}
		p.out.Resumes++
		select {
		case <-ctx.Done():
			return fmt.Errorf("no outcome before the deadline (last seq %d)", p.out.LastSeq)
		case <-time.After(backoff):
		}
		if backoff *= 2; backoff > 2*time.Second {
			backoff = 2 * time.Second
		}
	}
}

// stream reads one Subscribe stream; true once the update with the outcome was handled.
func (p *player) stream(ctx context.Context) (bool, error) {
	updates, err := p.game.Subscribe(ctx, &cerclev1.SubscribeRequest{
		RoomId:       p.out.RoomID,
		ResumeCursor: p.cursor,
	})
	if err != nil {
		return false, err
	}
	for {
		update, err := updates.Recv()
		if err != nil {
			return false, err
		}
		if update.Seq <= p.out.LastSeq {
			continue // already handled before a resume
		}
		if update.Seq != p.out.LastSeq+1 {
			return false, fmt.Errorf("update %d after %d: a gap in the stream", update.Seq, p.out.LastSeq)
		}
		p.out.LastSeq, p.cursor = update.Seq, update.Cursor
		p.out.Updates++
		if outcome := update.Outcome; outcome != nil {
			p.out.Reason = outcome.Reason.String()
			// append to an empty slice: a match nobody won (Tamashii's team lost) prints
			// "winners": [] rather than null.
			p.out.Winners = append([]int32{}, outcome.Winners...)
			p.out.Scores = append([]int64{}, outcome.Scores...)
			return true, nil
		}
		// Empty choices: nothing to do now (another seat's turn, or no call to make).
		if actions := update.GetChoices().GetActions(); len(actions) > 0 {
			if err := p.move(ctx, update.Version, actions); err != nil {
				return false, err
			}
		}
	}
}

// move plays one of the choices an update pushed, with that update's version (a stale one,
// when the match moved on meanwhile, is refused and the next update brings new choices).
func (p *player) move(ctx context.Context, version int64, actions []*cerclev1.Action) error {
	request := &cerclev1.ActRequest{
		RoomId:    p.out.RoomID,
		Version:   version,
		RequestId: newKey(),
		Action:    actions[p.rng.Intn(len(actions))],
	}
	var err error
	for attempt := 1; ; attempt++ {
		_, err = p.game.Act(ctx, request)
		if status.Code(err) == codes.Unavailable && attempt < 5 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
			continue // the same request, the same request_id: applied once
		}
		if delay, ok := retryAfter(err); ok && attempt < 10 {
			time.Sleep(delay) // RATE_LIMITED: the server said when to ask again
			continue
		}
		break
	}
	switch status.Code(err) {
	case codes.OK:
		p.out.Moves++
		return nil
	case codes.FailedPrecondition, codes.Aborted:
		return nil // stale version or too late (a timeout played for us): the stream tells
	default:
		return describe("Act", err)
	}
}

// retryAfter is the delay a RESOURCE_EXHAUSTED refusal's RetryInfo asks for (a rate limit).
func retryAfter(err error) (time.Duration, bool) {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.ResourceExhausted {
		return 0, false
	}
	for _, detail := range st.Details() {
		if info, ok := detail.(*errdetails.RetryInfo); ok && info.RetryDelay != nil {
			return info.RetryDelay.AsDuration(), true
		}
	}
	return 0, false
}

// seatName words a seat in this program's language (English): a bot from its number and
// level, since the server names bots in no language.
func seatName(seat *cerclev1.Seat) string {
	switch seat.GetKind() {
	case cerclev1.SeatKind_SEAT_KIND_BOT:
		level := "strong"
		if seat.GetBotLevel() == cerclev1.BotLevel_BOT_LEVEL_RANDOM {
			level = "random"
		}
		return fmt.Sprintf("bot %d (%s)", seat.GetBotNumber(), level)
	case cerclev1.SeatKind_SEAT_KIND_EMPTY:
		return "free"
	default:
		return seat.GetDisplayName()
	}
}

// newKey is a fresh request id: 16 random bytes in hex.
func newKey() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// describe names the call, the status code, the message and the ErrorInfo reason if any.
func describe(call string, err error) error {
	s, ok := status.FromError(err)
	if !ok {
		return fmt.Errorf("%s: %w", call, err)
	}
	reason := ""
	for _, detail := range s.Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			reason = " [" + info.Reason + "]"
		}
	}
	return fmt.Errorf("%s: %s%s: %s", call, s.Code(), reason, s.Message())
}
