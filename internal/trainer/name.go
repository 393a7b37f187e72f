package trainer

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Names are what people pick their tile by on a shared tablet and what a
// certificate is printed with, so two users must not look alike there and a
// name must be readable (issue 16). ValidateName refuses unreadable names;
// the store refuses a new name that LooksAlike an existing one.

// MaxMarksPerLetter bounds the combining marks (accents, dots, tone marks)
// on one letter. Names in use need at most two once composed (Vietnamese
// "ệ" is one character in NFC; Thai puts a vowel and a tone mark on a
// consonant); three leaves room for Hebrew points. Dozens stacked on a
// letter ("Zalgo" text) spill over the neighbouring tiles and hide the name.
const MaxMarksPerLetter = 3

// marksPerLetter returns the longest run of nonspacing or enclosing marks
// in s, which is how many sit on one letter.
func marksPerLetter(s string) int {
	most, run := 0, 0
	for _, r := range s {
		if unicode.In(r, unicode.Mn, unicode.Me) {
			run++
			most = max(most, run)
		} else {
			run = 0
		}
	}
	return most
}

// LooksAlike reports whether names a and b can be taken for each other on a
// screen: the same "skeleton" under Unicode's confusables table (UTS #39,
// through github.com/mtibben/confusables), as written or with case folded.
// So "Тina" with a Cyrillic Т looks like "Tina", "Tia TraΙnee" with a Greek
// capital iota like "Tia Trainee", and "Kirn" like "Kim" (r and n side by
// side read as m). Names that differ only in case are caught earlier: the
// store treats them as the same name.
func LooksAlike(a, b string) bool {
	ka, kb := LookalikeKeys(a), LookalikeKeys(b)
	return ka[0] == kb[0] || ka[1] == kb[1]
}

// LookalikeKeys are the two skeletons LooksAlike compares, of name as
// written and with its case folded: two names look alike when either of
// their keys is the same. A list of names checked against many (a roster
// imported into a kiosk of hundreds of users) keys each name once and
// looks the keys up, instead of comparing every pair.
func LookalikeKeys(name string) [2]string {
	return [2]string{confusables.Skeleton(name), confusables.Skeleton(cases.Fold().String(name))}
}

// NameLookalike is the error of a new name that looks like Other, the name
// of another user. It unwraps to a KindConflict *Error with the message for
// the form's name field.
type NameLookalike struct{ Other string }

// Error returns the message for people.
func (e *NameLookalike) Error() string {
	return fmt.Sprintf("This name looks like “%s”, another user's name: add an initial or a number.", e.Other)
}

// Unwrap makes the error a KindConflict for KindOf and MessageOf.
func (e *NameLookalike) Unwrap() error { return &Error{Kind: KindConflict, Message: e.Error()} }

// Clip returns s cut to at most n characters (runes), for showing back what
// was typed into a field whose values are at most n long: a rejected form
// does not echo the megabytes a script can post.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for count := 0; i < len(s) && count < n; count++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// NameMatches reports whether every word typed in the filter begins a word
// of name, without regard to case or accents: "jo pe" finds "José Pérez".
func NameMatches(name, q string) bool {
	words := strings.Fields(foldWords(name))
	for _, w := range strings.Fields(foldWords(q)) {
		if !slices.ContainsFunc(words, func(n string) bool { return strings.HasPrefix(n, w) }) {
			return false
		}
	}
	return true
}

// foldWords lowercases s and takes the accents off its letters, and treats a
// hyphen or an apostrophe as a space between words ("Anne-Marie O'Neil").
func foldWords(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == '-' || r == '\'' || r == '’':
			b.WriteRune(' ')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
