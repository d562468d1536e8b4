package amqp

// DecodesToUTF8 exports decodesToUTF8 to the tests.
var DecodesToUTF8 = decodesToUTF8
