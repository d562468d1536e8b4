// Package record is the record model of urikit's subcommands: an Input
// (a line of standard input or an argument) and the Output its record
// makes (bytes for standard output, messages for standard error, the exit
// status); the JSON and text forms of records (json.go); and what urikit
// shows of a text taken from its input (shown.go): secrets masked as
// package scheme finds them, control bytes and terminal escapes escaped.
package record

import "strconv"

// Exit statuses.
const (
	ExitOK      = 0 // every input valid (and equal, for equiv)
	ExitInvalid = 1 // an invalid input, a scheme error, a mismatch
	ExitUsage   = 2 // a usage error, or input that cannot be read
)

// MaxLine is the longest line read as an input, in bytes, without its
// line ending. A longer line gives an error record; its bytes are
// skipped, never held in memory.
const MaxLine = 1 << 20

// Input is one input of a subcommand: a line of standard input or an
// argument.
type Input struct {
	Text string // without its line ending
	No   int    // the line's number, or the argument's, from 1
	Arg  bool   // an argument, not a line
	// Long is the length of a line longer than MaxLine (Text is then
	// empty), or 0.
	Long int64
}

// ArgInput is the input of the command-line argument text, the no-th:
// one longer than MaxLine keeps only its length, as a line does.
func ArgInput(text string, no int) Input {
	if len(text) > MaxLine {
		return Input{No: no, Arg: true, Long: int64(len(text))}
	}
	return Input{Text: text, No: no, Arg: true}
}

// Where names the input for a message: "line 3" or "argument 2".
func (in Input) Where() string {
	if in.Arg {
		return "argument " + strconv.Itoa(in.No)
	}
	return "line " + strconv.Itoa(in.No)
}

// TooLong is the reason given for a line longer than MaxLine.
var TooLong = "line longer than " + strconv.Itoa(MaxLine) + " bytes"

// Output collects the records of some inputs: the bytes for standard
// output, the messages for standard error (each written after the
// standard output that precedes it), and the exit status.
type Output struct {
	Out    []byte
	Notes  []note
	Status int
}

// note is a message for standard error, to be written after out[:at].
type note struct {
	At   int
	Text string
}

// Stderr queues a message for standard error after what out holds now.
func (o *Output) Stderr(text string) {
	o.Notes = append(o.Notes, note{len(o.Out), text})
}

// Fail records that an input was invalid (exit status 1).
func (o *Output) Fail() { o.Status = max(o.Status, ExitInvalid) }
