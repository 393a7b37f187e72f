package i18n

import (
	"strings"
	"unicode/utf8"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// accents maps each ASCII letter to an accented one of the same shape, so
// that pseudo-localized text stays readable and any text still written in
// plain ASCII on a page was left out of the catalogues.
var accents = map[rune]rune{
	'a': 'á', 'b': 'ƀ', 'c': 'ç', 'd': 'ď', 'e': 'é', 'f': 'ƒ', 'g': 'ĝ', 'h': 'ĥ', 'i': 'í', 'j': 'ĵ',
	'k': 'ķ', 'l': 'ľ', 'm': 'ɱ', 'n': 'ñ', 'o': 'ö', 'p': 'þ', 'q': 'ǫ', 'r': 'ŕ', 's': 'š', 't': 'ţ',
	'u': 'ü', 'v': 'ṽ', 'w': 'ŵ', 'x': 'ẋ', 'y': 'ý', 'z': 'ž',
	'A': 'Á', 'B': 'Ɓ', 'C': 'Ç', 'D': 'Ď', 'E': 'É', 'F': 'Ƒ', 'G': 'Ĝ', 'H': 'Ĥ', 'I': 'Í', 'J': 'Ĵ',
	'K': 'Ķ', 'L': 'Ľ', 'M': 'Ṁ', 'N': 'Ñ', 'O': 'Ö', 'P': 'Þ', 'Q': 'Ǫ', 'R': 'Ŕ', 'S': 'Š', 'T': 'Ţ',
	'U': 'Ü', 'V': 'Ṽ', 'W': 'Ŵ', 'X': 'Ẋ', 'Y': 'Ý', 'Z': 'Ž',
}

// pseudoMessage is m pseudo-localized form by form.
func pseudoMessage(m *goi18n.Message) *goi18n.Message {
	p := *m
	for _, f := range []*string{&p.Zero, &p.One, &p.Two, &p.Few, &p.Many, &p.Other} {
		if *f != "" {
			*f = Pseudolocalize(*f)
		}
	}
	return &p
}

// Pseudolocalize accents every letter of s outside its {{placeholders}} and
// lengthens it by 40 %, as translations into longer languages do: the
// padding is a run of words of dots inside brackets, so that it wraps as
// real words would and a clipped end shows.
func Pseudolocalize(s string) string {
	var b strings.Builder
	for rest := s; rest != ""; {
		i := strings.Index(rest, "{{")
		if i < 0 {
			i = len(rest)
		}
		for _, r := range rest[:i] {
			if a, ok := accents[r]; ok {
				r = a
			}
			b.WriteRune(r)
		}
		rest = rest[i:]
		if rest == "" {
			break
		}
		j := strings.Index(rest, "}}")
		if j < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:j+2])
		rest = rest[j+2:]
	}
	n := utf8.RuneCountInString(placeholderRE.ReplaceAllString(s, "xxxx"))
	pad := (n*4+9)/10 - 2 // the brackets count toward the 40 %
	var dots strings.Builder
	for i := 0; i < pad; i++ {
		if i > 0 && i%6 == 0 {
			dots.WriteByte(' ')
		} else {
			dots.WriteString("·")
		}
	}
	if pad <= 0 {
		return "[" + b.String() + "]"
	}
	return "[" + b.String() + " " + dots.String() + "]"
}
