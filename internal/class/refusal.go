package class

import (
	"sync"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// english writes the English of a refusal from the catalogue, so that the
// sentence for the log and the command line is the one English pages show.
var english = sync.OnceValue(func() *i18n.Localizer { return i18n.Default().Localizer(i18n.Source) })

// refusal is a sentence for people of kind k: catalogue message id with its
// arguments (name, value pairs; integers become their digits), and its
// English.
func refusal(k trainer.Kind, id string, args ...any) *trainer.Error {
	e := (&trainer.Error{Kind: k}).In(id, args...)
	e.Message = english().T(e.ID, e.Args...)
	return e
}
