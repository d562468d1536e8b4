//go:build race

package uritemplate

const raceEnabled = true
