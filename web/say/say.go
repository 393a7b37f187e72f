package say

import (
	"context"
	"errors"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

type houseKey struct{}

// WithHouse returns ctx carrying the house whose words the pages speak: its
// procedures name the rulings and sequences of play (Skill, Mistake).
func WithHouse(ctx context.Context, h *rulebook.House) context.Context {
	return context.WithValue(ctx, houseKey{}, h)
}

// House is the house of ctx (WithHouse), or nil.
func House(ctx context.Context) *rulebook.House {
	h, _ := ctx.Value(houseKey{}).(*rulebook.House)
	return h
}

// loc is the request's Localizer.
func loc(ctx context.Context) *i18n.Localizer { return i18n.FromContext(ctx) }

// T is message id in the request's language; args are name, value pairs,
// a Word said first.
func T(ctx context.Context, id string, args ...any) string {
	return loc(ctx).T(id, words(ctx, args)...)
}

// lookup is message id in l's language, or fallback when the catalogues
// have no such message: a name a house adds that the catalogue lacks reads
// in the content's English, never as an id.
func lookup(l *i18n.Localizer, id, fallback string) string {
	if s := l.T(id); s != id {
		return s
	}
	return fallback
}

// A Word is a domain value that says itself in the reader's language: as
// an argument of a Message or of an error's message, it is said before it
// fills its placeholder (GameWord, ModeWord, DateWord).
type Word interface {
	Say(ctx context.Context) string
}

type wordFunc func(context.Context) string

func (f wordFunc) Say(ctx context.Context) string { return f(ctx) }

// WordOf is f as a Word: a value a view says its own way (a wager's name
// that English writes as the engine does).
func WordOf(f func(context.Context) string) Word { return wordFunc(f) }

// words says the Words among args (name, value pairs), and the domain's
// values an error names by its code (practice.ExamBlocked).
func words(ctx context.Context, args []any) []any {
	var out []any
	for i, a := range args {
		said, ok := "", false
		switch a := a.(type) {
		case Word:
			said, ok = a.Say(ctx), true
		case practice.ExamBlocked:
			said, ok = CertBlocked(ctx, a.Status, a.Policy), true
		}
		if ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = said
		}
	}
	if out == nil {
		return args
	}
	return out
}

// Message is a sentence a handler or a view chooses for people (a notice,
// a problem, a line of a page): a catalogue message id and its arguments,
// name, value pairs, a Word said in the reader's language. The zero Message
// says nothing. A view model holds a Message, never a string, where the
// sentence is chosen outside the template: an English sentence cannot be
// put there by mistake.
type Message struct {
	ID   string
	Args []any
	// Name, in a Message without an ID, is a name said as it is in every
	// language: a user's, a book's title, a game's as already said.
	Name string
}

// Msg is the Message id with args.
func Msg(id string, args ...any) Message { return Message{ID: id, Args: args} }

// Name is the Message that says name as it is (a page titled by a
// person's name).
func Name(name string) Message { return Message{Name: name} }

// Text says m in the request's language; "" for the zero Message.
func Text(ctx context.Context, m Message) string {
	if m.ID == "" {
		return m.Name
	}
	return T(ctx, m.ID, m.Args...)
}

// Error is err's message for people in the request's language: a
// trainer.Error that names its message (Error.ID) is said from the
// catalogues, its Words first; one without an id says its own English
// sentence (the domain's errors not yet in the catalogues); any other error
// is "Internal error.", whose details belong in the log.
func Error(ctx context.Context, err error) string {
	l := loc(ctx)
	var e *trainer.Error
	if !errors.As(err, &e) {
		return l.T("error.internal")
	}
	// English says the domain's own sentence where it has one (the English
	// catalogue repeats it word for word); every other language, and the
	// pseudo-locale, says the catalogue's.
	if e.ID != "" && (e.Message == "" || l.Tag() != i18n.Source) {
		if s := l.T(e.ID, words(ctx, e.Args)...); s != e.ID {
			return s
		}
	}
	if e.Message != "" {
		return e.Message
	}
	return l.T("error.internal")
}
