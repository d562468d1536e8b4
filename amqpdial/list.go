package amqpdial

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	amqp091 "github.com/rabbitmq/amqp091-go"

	"github.com/urikit/urikit/scheme/amqp"
)

// ListOptions are the options of DialList; the zero value fails on a
// list with an entry that does not parse, before dialing any.
type ListOptions struct {
	// SkipInvalid dials the entries that parse (amqp.ParseListValid) and
	// reports the others among the errors, so that a mistyped entry does
	// not keep the live nodes from being reached.
	SkipInvalid bool
	// OnError, when set, is called with each entry that fails, to parse
	// or to dial, before the next entry is tried (to log it: the error
	// holds no secret).
	OnError func(*EntryError)
}

// DialList dials the entries of the failover list s (amqp.ParseList: URIs
// separated by commas or white space) in the order written, each with its
// own connection_timeout, TLS parameters and credentials, and returns the
// first connection opened. When none opens, the error is a ListError with
// the error of every entry, in order; when the list does not parse and
// opt.SkipInvalid is not set, it is amqp.ParseList's error; for a list
// with no entry, amqp.ErrEmptyList. No error holds a secret.
func DialList(s string, opt ListOptions) (*amqp091.Connection, error) {
	l, bad := amqp.ParseListValid(s)
	switch {
	case bad != nil && !opt.SkipInvalid:
		return nil, bad
	case l == nil && bad == nil:
		return nil, amqp.ErrEmptyList
	}
	var errs ListError
	fail := func(e *EntryError) {
		errs = append(errs, e)
		if opt.OnError != nil {
			opt.OnError(e)
		}
	}
	// The entries that do not parse are reported first, so that a
	// mistyped entry is seen even when an entry before it connects.
	invalid := make(map[int]bool, len(bad))
	for _, e := range bad {
		invalid[e.Index] = true
		fail(&EntryError{Index: e.Index, Err: e})
	}
	index := 0
	for _, u := range l {
		for invalid[index] {
			index++
		}
		c, err := DialURI(u)
		if err == nil {
			return c, nil
		}
		fail(&EntryError{Index: index, Err: err})
		index++
	}
	slices.SortStableFunc(errs, func(a, b *EntryError) int { return a.Index - b.Index })
	return nil, errs
}

// EntryError is the error of one entry of a list that DialList tried or
// skipped: its index among the entries, from 0, and its error (an
// *amqp.EntryError of parsing, or DialURI's: a dial's *Error, an
// *amqp.Error or ErrMechanism).
type EntryError struct {
	Index int
	Err   error
}

// Error returns "amqpdial: list entry N: reason", or the parse error of
// the entry, which names it already.
func (e *EntryError) Error() string {
	var pe *amqp.EntryError
	if errors.As(e.Err, &pe) {
		return pe.Error()
	}
	msg := "failed"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return "amqpdial: list entry " + strconv.Itoa(e.Index) + ": " + msg
}

// Unwrap returns the entry's error.
func (e *EntryError) Unwrap() error { return e.Err }

// ListError holds the error of every entry of a list that DialList
// tried, in order.
type ListError []*EntryError

// Error returns the entries' errors, joined by "; ".
func (l ListError) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// Unwrap returns the entries' errors, for errors.Is and errors.As.
func (l ListError) Unwrap() []error {
	errs := make([]error, 0, len(l))
	for _, e := range l {
		errs = append(errs, e)
	}
	return errs
}
