module github.com/urikit/urikit/amqpdial

go 1.26.0

require (
	github.com/rabbitmq/amqp091-go v1.16.0
	github.com/urikit/urikit v0.0.0
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/urikit/urikit => ../
