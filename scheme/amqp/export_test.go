package amqp

// DecodesToUTF8 exports decodesToUTF8 to the tests.
var DecodesToUTF8 = decodesToUTF8

// HideAll returns c with every field marked as text that URI.String
// masks, so that tests reach the masks of numbers and bools.
func (c Config) HideAll() Config {
	c.hide = ^uint32(0)
	return c
}
