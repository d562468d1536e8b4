package amqp

// DecodesToUTF8 exports decodesToUTF8 to the tests.
var DecodesToUTF8 = decodesToUTF8

// HideAll returns c with every field marked as text that URI.String
// masks, so that tests reach the masks of numbers and bools.
func (c Config) HideAll() Config {
	c.hide = ^uint32(0)
	return c
}

// EagerForms returns what the printed forms of u.Config() and u.Params()
// show when the masks of u's text are found as they are read, not when
// printed: the Config's Fields and each Param's String.
func EagerForms(u URI) ([]Field, []string) {
	m := u.maskedRanges()
	var c Config
	if err := u.fill(&c, m); err != nil {
		return nil, nil
	}
	var ps []string
	u.readParams(m, nil, func(p Param, _ int, _ paramValue) { ps = append(ps, p.String()) })
	return c.Fields(), ps
}
