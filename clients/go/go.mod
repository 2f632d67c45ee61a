// cercle-match, a Go client of Cercle's contract. It builds offline against the libraries
// Debian 12 ships (the versions below are theirs: tools/stubs.py checks them against the
// installed packages and vendors them from /usr/share/gocode), and against the Go stubs that
// `make stubs` generates into build/stubs/gen/go (module cercle/gen/go, not published).
// With network access, `go mod tidy` resolves the same versions from the module proxy.
module cercle/clients/go

go 1.19

require (
	cercle/gen/go v0.0.0
	google.golang.org/genproto v0.0.0-20200413115906-b5235f65be36
	google.golang.org/grpc v1.33.3
	google.golang.org/protobuf v1.28.1
)

require (
	github.com/golang/protobuf v1.5.2 // indirect
	golang.org/x/net v0.7.0 // indirect
	golang.org/x/sys v0.3.0 // indirect
	golang.org/x/text v0.7.0 // indirect
)

replace cercle/gen/go => ../../build/stubs/gen/go
