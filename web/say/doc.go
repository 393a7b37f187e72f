// Package say turns the kiosk's domain values into words, in the language
// of the request: a game, a level, a kind of drill, a mode, a role, a
// skill, a certification's state and step, a wager, a pay-table row, a
// date, an amount, a percentage, an error. It is the one place a kind of
// value is said, and every page says it through here: the view builders
// (web/view) and the templates (web/templates), which call it with templ's
// ctx as they call T.
//
// The words come from the catalogues (content/i18n, internal/i18n) through
// the Localizer the server puts in the request's context; the house whose
// procedures name the rulings and sequences of play travels there too
// (WithHouse). A component rendered alone in a test has neither: it speaks
// English, and names a ruling by its kind alone.
//
// A sentence a handler chooses (a notice, a problem) is a Message: a
// message id and its arguments, said here. An error for people is a
// trainer.Error with a message id (trainer.NewError), said by Error. Neither
// can carry an English sentence by mistake.
//
// Package say reads no store, no session and no request: it is given
// values and says them. It imports the domain's value types and
// internal/i18n, never web/templates, web/view or internal/server.
package say
