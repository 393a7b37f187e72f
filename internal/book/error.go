package book

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Error is a problem in one book file, at one line.
type Error struct {
	File string // "books/uth.md", "houses/casino/books/uth.md"
	Line int    // from 1; 0 when the whole file is at fault
	Msg  string // "the heading has no id: write {#uth.something} at its end"
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

func errf(file string, line int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// templateErr matches text/template's errors: "template: NAME:LINE:COL: MSG"
// (COL only when executing).
var templateErr = regexp.MustCompile(`^template: (.+?):(\d+)(?::\d+)?: (.*)$`)

// execAt matches the "executing "NAME" at <ACTION>: " of an execution error.
var execAt = regexp.MustCompile(`^executing ".*?" at <(.*?)>: (.*)$`)

// templateError turns a text/template error on file into an Error at its
// line, saying the problem in the author's terms where it can.
func templateError(file string, err error, setKeys []string) *Error {
	m := templateErr.FindStringSubmatch(err.Error())
	if m == nil {
		return errf(file, 0, "%s", strings.TrimPrefix(err.Error(), "template: "))
	}
	line, _ := strconv.Atoi(m[2])
	msg := m[3]
	if strings.HasPrefix(msg, "unexpected EOF") {
		msg = "the end of the file comes before an {{end}}: an {{if}}, {{range}} or {{with}} is not closed"
	}
	if x := execAt.FindStringSubmatch(msg); x != nil {
		action, problem := x[1], x[2]
		switch {
		case strings.HasPrefix(action, ".Set.") && strings.Contains(problem, "map has no entry for key"):
			key := strings.TrimPrefix(action, ".Set.")
			msg = fmt.Sprintf("unknown setting %q (the settings of this game: %s)", key, strings.Join(setKeys, ", "))
		case strings.HasPrefix(problem, "error calling "):
			// "error calling paytable: unknown kind …" → "paytable: unknown kind …"
			msg = strings.TrimPrefix(problem, "error calling ")
		default:
			msg = "{{" + action + "}}: " + problem
		}
	}
	return errf(file, line, "%s", msg)
}
