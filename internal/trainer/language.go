package trainer

import "slices"

// Languages are the tags of the languages a user may choose, in the order
// the kiosk offers them (their catalogues are content/i18n/<tag>.toml). A
// user's language "" means the house's default.
var Languages = []string{"en", "it", "ru"}

// CheckLanguage returns nil if tag is one of Languages or "" (the house's
// default). Returns KindInvalid otherwise.
func CheckLanguage(tag string) error {
	if tag == "" || slices.Contains(Languages, tag) {
		return nil
	}
	return Errorf(KindInvalid, "Choose one of the languages offered.").In("err.choose_language")
}
