package lint

// Messages exposes the fixed messages of every code, for the tests that
// check that a finding carries no input text.
var Messages = messages
