package trainer

import (
	"errors"
	"fmt"
	"strconv"
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
//
// ID, when set, names the same sentence in the kiosk's message catalogues
// (content/i18n), with Args its placeholders as name, value pairs, so that
// a page says it in its reader's language; Message stays the English
// sentence, for the log, the command line and English pages, and the
// English catalogue says it word for word (a test in package trainer_test
// keeps them equal). This package names the message and never translates
// it: it imports no catalogue.
type Error struct {
	Kind    Kind
	Message string
	ID      string
	Args    []any
}

// In returns a copy of e that names its sentence as catalogue message id,
// with args (name, value pairs; integers are passed as their digits, as
// Message writes them).
func (e *Error) In(id string, args ...any) *Error {
	c := *e
	c.ID = id
	c.Args = make([]any, len(args))
	for i, a := range args {
		if n, ok := a.(int); ok {
			a = strconv.Itoa(n)
		}
		c.Args[i] = a
	}
	return &c
}

// Error returns the message for people; an error made by NewError, which
// has no English sentence of its own, returns its message id and
// arguments, for the log.
func (e *Error) Error() string {
	if e.Message == "" && e.ID != "" {
		if len(e.Args) == 0 {
			return e.ID
		}
		return e.ID + " " + fmt.Sprint(e.Args...)
	}
	return e.Message
}

// Errorf returns an *Error of kind k whose message is formatted from format and args.
func Errorf(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...)}
}

// NewError returns an *Error of kind k that people read as catalogue
// message id with args (name, value pairs), and nothing else: it has no
// English sentence, so that a page in any language, English included, says
// it from the catalogues (web/say). The kiosk's handlers make their refusals
// so; the domain's own errors keep their English Message beside the id, for
// the command line. Integers in args are written with the reader's digit
// grouping.
func NewError(k Kind, id string, args ...any) *Error {
	return &Error{Kind: k, ID: id, Args: args}
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
// chain (its message id for one made by NewError, which pages say from the
// catalogues), or "Internal error." for any other error, whose details
// belong in the log and not on a page.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		if e.Message == "" {
			return e.ID
		}
		return e.Message
	}
	return "Internal error."
}

// NotFoundAs is err, or as when err is of KindNotFound: a page's own "not
// found" in place of the store's, so that another trainee's record reads as
// none with the page's words.
func NotFoundAs(err error, as *Error) error {
	if KindOf(err) == KindNotFound {
		return as
	}
	return err
}
