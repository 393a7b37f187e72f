// Package i18n speaks to people in their language: it loads the message
// catalogues of content/i18n (one per language, with CLDR plural forms and
// named placeholders, through go-i18n), checks that no language lacks a
// message, and gives each request a Localizer that translates, and formats
// numbers, amounts and dates the way that language writes them.
//
// It does not decide which language a request gets from the session or the
// house: the server does (a signed-in user's language, else the sign-in
// page's choice, else Accept-Language, else the house's default) and puts
// the Localizer in the request's context. It does not translate rules
// content (books, procedures), which lives in content/rules.
package i18n
