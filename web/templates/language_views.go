package templates

import "github.com/dealerkiosk/trainer/web/say"

// LanguageChoice is a row of large buttons, one per language, each written
// in its own language ("Italiano", "Русский"), never a flag: a flag is a
// country, and a language is spoken in many. Tapping one posts it.
type LanguageChoice struct {
	Action  string // where the form posts
	Legend  string // the group's name for screen readers, in the page's language
	Options []LanguageOption
	TestID  string // "signin-languages", "languages" or "user-languages"
}

// LanguageOption is one button of a LanguageChoice.
type LanguageOption struct {
	Value   string // the value posted: a language tag, or "" for the house's default
	Name    string // what the button reads
	Lang    string // the button's own language, for <button lang>; "" for the house's default
	Current bool   // the language in force
}

// LanguagePage is a user's own choice of language.
type LanguageView struct {
	Page
	Choice LanguageChoice
	Notice say.Message
}
