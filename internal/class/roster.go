package class

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/cases"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Row is one trainee of a roster file, as read: the name and badge
// normalized as the kiosk stores them (trainer.NormalizeName,
// NormalizeBadge), the PIN trimmed. Nothing is judged yet: PlanImport
// decides each row's fate. A value longer than any the kiosk accepts is
// cut one character past the limit, so that it is still refused and never
// echoed whole.
type Row struct {
	Line  int // the line of the file the row starts on, from 1
	Name  string
	Badge string
	PIN   string // "" when the file gives none
}

// Limits of a roster file: one class's list (MaxMembers) and a size far
// beyond any such list, so that a wrong file (a photo, a database export)
// is refused before it is read.
const (
	MaxRosterRows  = MaxMembers
	MaxRosterBytes = 256 << 10
)

// The columns of a roster, in the order a file without a header gives them.
const (
	colName = iota
	colBadge
	colPIN
	colSurname // only from a header: joined after the name
	nCols
)

// headerWords are the words a header row may name each column by, in
// English, Italian and Russian, folded and with spaces collapsed. A file
// that keeps the surname apart (Cognome, Фамилия) has it joined after the
// name, as the sign-in grid shows a trainee.
var headerWords = map[string]int{
	"name": colName, "full name": colName, "trainee": colName, "trainee name": colName,
	"nome": colName, "nome e cognome": colName, "nominativo": colName, "allievo": colName,
	"имя": colName, "фио": colName, "имя и фамилия": colName, "стажёр": colName, "стажер": colName,
	"first name": colName, "given name": colName,
	"badge": colBadge, "badge number": colBadge, "badge no": colBadge, "badge #": colBadge, "id": colBadge,
	"numero badge": colBadge, "numero di badge": colBadge, "n. badge": colBadge, "matricola": colBadge, "tessera": colBadge,
	"бейдж": colBadge, "номер бейджа": colBadge, "табельный номер": colBadge, "пропуск": colBadge,
	"pin": colPIN, "pin code": colPIN, "codice pin": colPIN, "пин": colPIN, "пин-код": colPIN, "pin-код": colPIN,
	"surname": colSurname, "last name": colSurname, "family name": colSurname, "cognome": colSurname, "фамилия": colSurname,
}

// folded is s with its case folded. A cases.Caser keeps state and may not
// be shared between goroutines, so each call makes its own.
func folded(s string) string { return cases.Fold().String(s) }

// headerWord is cell as headerWords spells it: folded, spaces collapsed,
// without a trailing colon or full stop.
func headerWord(cell string) string {
	s := strings.Join(strings.Fields(folded(cell)), " ")
	return strings.TrimRight(s, ":.")
}

// ParseRoster reads a roster file: one trainee a row, with a name, a badge
// and an optional PIN. The file is UTF-8, with or without a byte-order
// mark; values are separated by commas or by semicolons (as Excel writes
// CSV where the decimal mark is a comma: Italian, Russian), whichever the
// first line uses more; values may be quoted; blank lines are skipped. A
// first row whose cells are column names (name, badge, PIN, in English,
// Italian or Russian) is a header, and its columns may come in any order;
// otherwise the columns are name, badge and PIN in that order.
//
// Returns KindInvalid, naming the line, for a file that cannot be read so:
// not UTF-8, a misplaced quotation mark, too many columns, a header column
// the kiosk does not read; and for a file larger than MaxRosterBytes, with
// more than MaxRosterRows trainees or with none.
func ParseRoster(data []byte) ([]Row, error) {
	if len(data) > MaxRosterBytes {
		return nil, refusal(trainer.KindInvalid, "class.roster.too_large", "Max", MaxRosterBytes>>10)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		return nil, refusal(trainer.KindInvalid, "class.roster.not_utf8", "Line", badLine(data))
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = separator(data)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	cols := []int{colName, colBadge, colPIN} // by position, until a header says otherwise
	var rows []Row
	first := true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, readError(err)
		}
		line, _ := r.FieldPos(0)
		if blank(rec) {
			continue
		}
		if first {
			first = false
			if h, err := header(rec, line); err != nil {
				return nil, err
			} else if h != nil {
				cols = h
				continue
			}
		}
		row, err := rowOf(rec, cols, line)
		if err != nil {
			return nil, err
		}
		if len(rows) == MaxRosterRows {
			return nil, refusal(trainer.KindInvalid, "class.roster.too_many", "Max", MaxRosterRows)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, refusal(trainer.KindInvalid, "class.roster.empty")
	}
	return rows, nil
}

// badLine is the line, from 1, of the first byte of data that is not UTF-8.
func badLine(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return 1 + bytes.Count(data[:i], []byte("\n"))
		}
		i += size
	}
	return 1
}

// separator is ';' when the first line with a comma or a semicolon
// outside quotation marks holds more semicolons than commas, else ','. A
// file of names alone has neither, and either reads it.
func separator(data []byte) rune {
	commas, semis := 0, 0
	quoted := false
	for _, c := range data {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == ',':
			commas++
		case c == ';':
			semis++
		case c == '\n' && commas+semis > 0:
			return pick(commas, semis)
		}
	}
	return pick(commas, semis)
}

func pick(commas, semis int) rune {
	if semis > commas {
		return ';'
	}
	return ','
}

// readError turns encoding/csv's error into the refusal naming the line.
func readError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		line := pe.StartLine
		if line == 0 {
			line = pe.Line
		}
		return refusal(trainer.KindInvalid, "class.roster.quote", "Line", line)
	}
	return err
}

// blank reports whether every cell of rec is empty or spaces: a line of
// separators alone, as spreadsheets write an empty row.
func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// header returns the columns rec names when it is a header row (any cell
// a column's name), or nil when it is a trainee. A header must name the
// name column, and every column once; a header cell that names no column
// is refused, lest a misspelt "badge" leave every badge unread.
func header(rec []string, line int) ([]int, error) {
	named := false
	for _, c := range rec {
		if _, ok := headerWords[headerWord(c)]; ok {
			named = true
		}
	}
	if !named {
		return nil, nil
	}
	cols := make([]int, len(rec))
	seen := map[int]bool{}
	for i, c := range rec {
		w := headerWord(c)
		if w == "" {
			cols[i] = -1
			continue
		}
		col, ok := headerWords[w]
		if !ok {
			return nil, refusal(trainer.KindInvalid, "class.roster.header_unknown", "Line", line, "Column", trainer.Clip(strings.TrimSpace(c), trainer.MaxNameLen))
		}
		if seen[col] {
			return nil, refusal(trainer.KindInvalid, "class.roster.header_twice", "Line", line, "Column", trainer.Clip(strings.TrimSpace(c), trainer.MaxNameLen))
		}
		seen[col] = true
		cols[i] = col
	}
	if !seen[colName] {
		return nil, refusal(trainer.KindInvalid, "class.roster.header_no_name", "Line", line)
	}
	return cols, nil
}

// width is how many columns rec has, empty ones at its end left out.
func width(rec []string) int {
	n := len(rec)
	for n > 0 && strings.TrimSpace(rec[n-1]) == "" {
		n--
	}
	return n
}

// rowOf reads a trainee from rec by cols. Empty cells past the columns are
// allowed (spreadsheets pad rows); a value there is refused.
func rowOf(rec []string, cols []int, line int) (Row, error) {
	var v [nCols]string
	for i, c := range rec {
		if i >= len(cols) || cols[i] < 0 {
			if strings.TrimSpace(c) != "" {
				return Row{}, refusal(trainer.KindInvalid, "class.roster.columns", "Line", line, "N", width(rec))
			}
			continue
		}
		v[cols[i]] = c
	}
	name := v[colName]
	if s := strings.TrimSpace(v[colSurname]); s != "" {
		name += " " + s
	}
	return Row{
		Line:  line,
		Name:  trainer.Clip(trainer.NormalizeName(name), trainer.MaxNameLen+1),
		Badge: trainer.Clip(trainer.NormalizeBadge(v[colBadge]), trainer.MaxBadgeLen+1),
		PIN:   trainer.Clip(strings.TrimSpace(v[colPIN]), trainer.MaxPINLen+1),
	}, nil
}
