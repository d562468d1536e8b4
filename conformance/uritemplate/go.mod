module github.com/urikit/urikit/conformance/uritemplate

go 1.26.0

replace github.com/urikit/urikit => ../..

require (
	github.com/urikit/urikit v0.0.0
	github.com/yosida95/uritemplate/v3 v3.0.2
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
