//go:build !race

package uri_test

// raceEnabled: the race detector (and with it checkptr) is on.
const raceEnabled = false
