package rulebook

import "strings"

// Error is a problem in one file of content/rules, at one key.
type Error struct {
	File string // "games/uth.toml"
	Key  string // "paytables.blind.A.flush"; empty when the whole file is at fault
	Msg  string // "bad odds \"3/2\": want \"X:Y\" …"
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

func errf(file, key, msg string) *Error { return &Error{File: file, Key: key, Msg: msg} }
