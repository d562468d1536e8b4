module github.com/urikit/urikit

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/net v0.62.0 // indirect
)
