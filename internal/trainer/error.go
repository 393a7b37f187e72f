package trainer

import (
	"errors"
	"fmt"
)

// Kind says what went wrong in terms a caller can act on. The server maps
// each Kind to an HTTP status in one place (internal/server/error.go).
type Kind int

const (
	KindInternal     Kind = iota // shown as "Internal error."; details go to the log only
	KindInvalid                  // the input is wrong: the message says how to fix it
	KindNotFound                 // the thing asked for does not exist
	KindConflict                 // the request clashes with what is stored (a taken name)
	KindUnauthorized             // not signed in, or the session has ended
	KindForbidden                // signed in, but the role may not do this
)

var kindNames = [...]string{
	KindInternal:     "internal",
	KindInvalid:      "invalid",
	KindNotFound:     "not found",
	KindConflict:     "conflict",
	KindUnauthorized: "unauthorized",
	KindForbidden:    "forbidden",
}

// String names the kind for logs and test failures.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Error is an error meant for people: Message is a sentence with a period
// that can be shown on a page as it is. Wrap it with fmt.Errorf("op: %w")
// to add context for the log; KindOf and errors.As still find it.
type Error struct {
	Kind    Kind
	Message string
}

// Error returns the message for people.
func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error of kind k whose message is formatted from format and args.
func Errorf(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...)}
}

// KindOf returns the Kind of the first *Error in err's chain, KindInternal for
// any other non-nil error, and KindInternal for nil as well: callers check
// err != nil first.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// MessageOf returns the message for people of the first *Error in err's
// chain, or "Internal error." for any other error, whose details belong in the
// log and not on a page.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
